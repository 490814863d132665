import { eq } from 'drizzle-orm';
import {
  fillTemplate,
  type ChannelTestResult,
  type NotificationChannel,
} from '@/domain/notification-channels';
import { pushSubscriptions } from '../../db/schema';
import { failureOf } from '../../services/outbound/delivery-error';
import { isConfigured } from './config';
import {
  chatMessageOf,
  pushPayloadOf,
  sendChat,
  sendEmail,
  sendPushTo,
  textsFor,
  type DispatchContext,
} from './dispatch';

export interface TestSender {
  id: string;
  username: string;
  name: string | null;
  email: string | null;
}

const TEST_EVENT = 'test';
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Sends a test message through one channel right away (not through the queue) and reports the
 * provider's answer. Works whether or not the channel is switched on, so an admin can check the
 * credentials before enabling it; it needs them stored, though.
 */
export async function sendTestMessage(
  ctx: DispatchContext,
  channel: NotificationChannel,
  sender: TestSender,
  to?: string,
): Promise<ChannelTestResult> {
  const { t, appName } = textsFor(ctx.config);
  const title = fillTemplate(t.testTitle, { appName });
  const notification = {
    id: `test-${Date.now()}`,
    type: TEST_EVENT,
    title,
    link: '/notifications',
    createdAt: new Date().toISOString(),
  };
  if (!isConfigured(ctx.config, channel)) {
    return {
      ok: false,
      code: 'NOT_CONFIGURED',
      error:
        channel === 'email'
          ? 'E-mail is not configured: host and sender are required'
          : 'No webhook URL configured for this channel',
    };
  }
  try {
    if (channel === 'email') {
      const recipient = to ?? sender.email?.trim();
      if (!recipient)
        return {
          ok: false,
          code: 'NO_RECIPIENT',
          error: 'No recipient: give an address or add one to your profile',
        };
      await sendEmail(ctx, recipient, {
        recipientName: sender.name?.trim() || sender.username,
        title,
        message: fillTemplate(t.testEmail, { appName }),
        link: notification.link,
      });
      return { ok: true };
    }
    if (channel === 'push') {
      const subscriptions = await ctx.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, sender.id));
      if (subscriptions.length === 0)
        return {
          ok: false,
          code: 'NO_SUBSCRIPTION',
          error: 'No push subscription: allow notifications on one of your devices first',
        };
      const payload = pushPayloadOf({ ...notification, message: fillTemplate(t.testPush, { appName }) });
      const results = await Promise.all(subscriptions.map((s) => sendPushTo(ctx, s, payload)));
      const failures = results.flatMap((r) => (r.ok ? [] : [r]));
      if (failures.length === 0) return { ok: true };
      return { ok: false, code: failures[0]!.failure, error: failures.map((f) => f.error).join('; ') };
    }
    await sendChat(
      ctx,
      channel,
      chatMessageOf({ ...notification, message: fillTemplate(t.testChat, { appName }) }, ctx),
    );
    return { ok: true };
  } catch (err) {
    return { ok: false, code: failureOf(err), error: errorText(err) };
  }
}
