import { createHmac } from 'node:crypto';
import type { ChatChannel, GenericWebhookPayload, TeamsFormat } from '@/domain/notification-channels';
import { DeliveryError } from '../outbound/delivery-error';
import { describeFetchError } from '../push/web-push';

/** One event as a chat message. */
export interface ChatMessage {
  event: string;
  title: string;
  message: string;
  /** Absolute URL into the app, or null when the server has no PUBLIC_URL (chats cannot open paths). */
  url: string | null;
  /** The app path of the notification (the generic webhook sends it when there is no absolute URL). */
  path: string;
  createdAt: string;
  /** "Open in FleetPilot", in the app's language. */
  openLabel: string;
}

const cut = (value: string, max: number) => (value.length > max ? `${value.slice(0, max - 1)}…` : value);
/** Slack treats &, < and > as control characters in mrkdwn. */
const slackEscape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Slack incoming webhook: `text` (notifications, fallback) plus Block Kit blocks. */
export function slackBody(m: ChatMessage) {
  const title = slackEscape(cut(m.title, 150));
  const message = slackEscape(cut(m.message, 2900));
  return {
    text: `${title}: ${message}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: cut(m.title, 150), emoji: false } },
      { type: 'section', text: { type: 'mrkdwn', text: message || ' ' } },
      ...(m.url
        ? [
            {
              type: 'actions',
              elements: [
                { type: 'button', text: { type: 'plain_text', text: cut(m.openLabel, 75) }, url: m.url },
              ],
            },
          ]
        : []),
      { type: 'context', elements: [{ type: 'mrkdwn', text: `\`${slackEscape(m.event)}\`` }] },
    ],
  };
}

/** Microsoft Teams: an Adaptive Card message (Workflows webhooks) or a legacy connector MessageCard. */
export function teamsBody(m: ChatMessage, format: TeamsFormat) {
  if (format === 'messageCard') {
    return {
      '@type': 'MessageCard',
      '@context': 'https://schema.org/extensions',
      summary: cut(m.title, 200),
      themeColor: '1C7ED6',
      title: m.title,
      text: m.message,
      ...(m.url && {
        potentialAction: [
          { '@type': 'OpenUri', name: m.openLabel, targets: [{ os: 'default', uri: m.url }] },
        ],
      }),
    };
  }
  return {
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body: [
            { type: 'TextBlock', text: m.title, weight: 'Bolder', size: 'Medium', wrap: true },
            { type: 'TextBlock', text: m.message, wrap: true },
            { type: 'TextBlock', text: m.event, isSubtle: true, size: 'Small', wrap: true },
          ],
          ...(m.url && { actions: [{ type: 'Action.OpenUrl', title: m.openLabel, url: m.url }] }),
        },
      },
    ],
  };
}

/** Discord webhook: `content` plus one embed; mentions in the text never ping anyone. */
export function discordBody(m: ChatMessage) {
  return {
    content: cut(`**${m.title}**\n${m.message}`, 2000),
    allowed_mentions: { parse: [] as string[] },
    embeds: [
      {
        title: cut(m.title, 256),
        description: cut(m.message, 4096),
        ...(m.url && { url: m.url }),
        timestamp: m.createdAt,
        footer: { text: m.event },
      },
    ],
  };
}

/** The generic JSON webhook: `{event, title, message, link, createdAt}`. */
export function genericBody(m: ChatMessage): GenericWebhookPayload {
  return {
    event: m.event,
    title: m.title,
    message: m.message,
    link: m.url ?? m.path,
    createdAt: m.createdAt,
  };
}

export function chatBody(channel: ChatChannel, m: ChatMessage, teamsFormat: TeamsFormat): unknown {
  switch (channel) {
    case 'slack':
      return slackBody(m);
    case 'teams':
      return teamsBody(m, teamsFormat);
    case 'discord':
      return discordBody(m);
    case 'webhook':
      return genericBody(m);
  }
}

export const SIGNATURE_HEADER = 'x-fleetpilot-signature';
export const TIMESTAMP_HEADER = 'x-fleetpilot-timestamp';

/** `sha256=` + hex HMAC of `${timestamp}.${body}`: a receiver checks both and rejects old timestamps. */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * Posts a JSON body to an incoming webhook. Throws a DeliveryError naming the provider's status, or
 * that no answer came — never the provider's own text (see describeFetchError).
 */
export async function postWebhook(
  url: string,
  body: unknown,
  options: { timeoutMs: number; signingSecret?: string },
): Promise<void> {
  const json = JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (options.signingSecret) {
    const timestamp = String(Math.floor(Date.now() / 1000));
    headers[TIMESTAMP_HEADER] = timestamp;
    headers[SIGNATURE_HEADER] = signWebhook(options.signingSecret, timestamp, json);
  }
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers,
      body: json,
      signal: AbortSignal.timeout(options.timeoutMs),
      redirect: 'error',
    });
  } catch (err) {
    const reason = describeFetchError(err);
    throw new DeliveryError(
      reason === 'timed out' ? 'TIMEOUT' : 'UNREACHABLE',
      `Webhook unreachable: ${reason}`,
      {
        cause: err,
      },
    );
  }
  // Drained, never repeated (see describeFetchError).
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) {
    throw new DeliveryError('REJECTED', `Webhook answered ${response.status}`);
  }
}
