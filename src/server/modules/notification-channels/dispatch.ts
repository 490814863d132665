import { eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, type Language } from '@/domain/constants';
import { isFeatureEnabled } from '@/domain/features';
import { CHANNEL_TEXTS, fillTemplate, isChatChannel, type PushPayload } from '@/domain/notification-channels';
import type { Notification } from '@/domain/notification';
import { DEFAULT_NOTIFICATION_URL } from '@/domain/service-worker';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { chatBody, postWebhook, type ChatMessage } from '../../services/chat/webhooks';
import { renderNotificationMail } from '../../services/mail/render';
import { senderAddress, sendSmtpMail } from '../../services/mail/smtp';
import { sendWebPush, vapidSubject, type PushResult, type VapidKeys } from '../../services/push/web-push';
import { chatUrl, isConfigured, type ChannelConfig } from './config';
import type { NotificationChannelsOptions } from './options';
import type { DeliveryPayload, DeliveryRow } from './queue';
import { DeliveryError } from '../../services/outbound/delivery-error';

export interface DispatchContext {
  db: Database;
  config: ChannelConfig;
  vapidKeys: () => Promise<VapidKeys>;
  publicUrl: string | undefined;
  options: NotificationChannelsOptions;
}

export type DispatchOutcome =
  | { status: 'sent' }
  /** Nothing to retry: the target is gone or the channel was switched off meanwhile. */
  | { status: 'cancelled'; reason: string }
  | { status: 'failed'; error: string };

/** The notification's path in the app ('/notifications' when it has none). */
export function notificationPath(link: string | null | undefined): string {
  const value = link?.trim();
  if (!value) return DEFAULT_NOTIFICATION_URL;
  return value;
}

/** PUBLIC_URL + path; null when the server does not know its public address. */
export function absoluteLink(publicUrl: string | undefined, link: string | null | undefined): string | null {
  const path = notificationPath(link);
  if (/^https?:\/\//i.test(path)) return path;
  if (!publicUrl) return null;
  return `${publicUrl.replace(/\/+$/, '')}${path.startsWith('/') ? path : `/${path}`}`;
}

export function textsFor(config: ChannelConfig, recipientLanguage?: Language) {
  const language = recipientLanguage ?? config.settings.app.defaultLanguage ?? DEFAULT_LANGUAGE;
  return { language, appName: config.settings.app.name, t: CHANNEL_TEXTS[language] ?? CHANNEL_TEXTS.en };
}

export function pushPayloadOf(
  notification: Pick<Notification, 'id' | 'title' | 'message' | 'link'>,
): PushPayload {
  return {
    title: notification.title,
    body: notification.message,
    link: notificationPath(notification.link),
    id: notification.id,
  };
}

export function chatMessageOf(
  notification: Pick<Notification, 'type' | 'title' | 'message' | 'link' | 'createdAt'>,
  ctx: Pick<DispatchContext, 'config' | 'publicUrl'>,
): ChatMessage {
  const { t, appName } = textsFor(ctx.config);
  return {
    event: notification.type,
    title: notification.title,
    message: notification.message,
    url: absoluteLink(ctx.publicUrl, notification.link),
    path: notificationPath(notification.link),
    createdAt: notification.createdAt,
    openLabel: fillTemplate(t.open, { appName }),
  };
}

export async function sendEmail(
  ctx: DispatchContext,
  to: string,
  content: {
    recipientName: string;
    title: string;
    message: string;
    link: string | null;
    language?: Language;
  },
) {
  const { email } = ctx.config.channels;
  const { language, appName } = textsFor(ctx.config, content.language);
  const mail = renderNotificationMail({
    language,
    appName,
    recipientName: content.recipientName,
    title: content.title,
    message: content.message,
    url: absoluteLink(ctx.publicUrl, content.link),
  });
  await sendSmtpMail(
    { ...email, password: ctx.config.secrets.emailPassword },
    { to, ...mail },
    { timeoutMs: ctx.options.sendTimeoutMs, tls: ctx.options.smtpTls },
  );
}

/** Sends to one stored subscription; an expired one (404/410) is deleted. */
export async function sendPushTo(
  ctx: DispatchContext,
  subscription: typeof pushSubscriptions.$inferSelect,
  payload: PushPayload,
): Promise<PushResult> {
  const { email } = ctx.config.channels;
  // Checked again at send time: the endpoint's name may resolve elsewhere by now.
  const refused = await ctx.options.pushEndpointCheck(subscription.endpoint);
  if (refused) {
    await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
    return { ok: false, gone: true, failure: 'FAILED', error: refused };
  }
  const result = await sendWebPush(
    { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
    payload,
    {
      vapid: await ctx.vapidKeys(),
      subject: vapidSubject(ctx.publicUrl, email.sender ? senderAddress(email.sender) : undefined),
      timeoutMs: ctx.options.sendTimeoutMs,
    },
  );
  if (!result.ok && result.gone)
    await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
  return result;
}

export async function sendChat(
  ctx: DispatchContext,
  channel: 'slack' | 'teams' | 'discord' | 'webhook',
  message: ChatMessage,
) {
  const url = chatUrl(ctx.config.secrets, channel);
  if (!url) throw new DeliveryError('NOT_CONFIGURED', 'No webhook URL configured');
  await postWebhook(url, chatBody(channel, message, ctx.config.channels.teams.format), {
    timeoutMs: ctx.options.sendTimeoutMs,
    signingSecret: channel === 'webhook' ? ctx.config.secrets.webhookSecret : undefined,
  });
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** Sends one queued delivery. Never throws: the outcome says what the queue should do with the row. */
export async function dispatchDelivery(row: DeliveryRow, ctx: DispatchContext): Promise<DispatchOutcome> {
  const channel = row.channel;
  if (channel !== 'email' && channel !== 'push' && !isChatChannel(channel))
    return { status: 'cancelled', reason: `Unknown channel ${channel}` };
  // Queued before the feature was switched off: nothing goes out any more.
  if (!isFeatureEnabled(ctx.config.settings.features, 'notifications'))
    return { status: 'cancelled', reason: 'Notifications switched off' };
  if (!ctx.config.channels[channel].enabled) return { status: 'cancelled', reason: 'Channel switched off' };
  if (!isConfigured(ctx.config, channel)) return { status: 'cancelled', reason: 'Channel not configured' };
  const { notification, recipientName, language } = row.payload as DeliveryPayload;
  try {
    if (channel === 'email') {
      if (!row.target) return { status: 'cancelled', reason: 'No recipient address' };
      await sendEmail(ctx, row.target, {
        recipientName: recipientName ?? row.target,
        title: notification.title,
        message: notification.message,
        link: notification.link,
        language,
      });
    } else if (channel === 'push') {
      const [subscription] = row.target
        ? await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, row.target))
        : [];
      if (!subscription || subscription.userId !== row.userId)
        return { status: 'cancelled', reason: 'Push subscription removed' };
      const result = await sendPushTo(ctx, subscription, pushPayloadOf(notification));
      if (!result.ok) {
        if (result.gone) return { status: 'cancelled', reason: `Subscription expired: ${result.error}` };
        return { status: 'failed', error: result.error };
      }
    } else {
      await sendChat(ctx, channel, chatMessageOf(notification, ctx));
    }
    return { status: 'sent' };
  } catch (err) {
    return { status: 'failed', error: errorText(err) };
  }
}
