import { inArray, like } from 'drizzle-orm';
import {
  maskSecretUrl,
  readNotificationChannelSettings,
  type ChatChannel,
  type NotificationChannel,
  type NotificationChannelSettings,
  type NotificationChannelsUpdate,
  type NotificationChannelsView,
  type NotificationEvent,
} from '@/domain/notification-channels';
import type { Settings } from '@/domain/settings';
import type { Executor } from '../../db/client';
import { serverSecrets } from '../../db/schema';

/**
 * Channel secrets, kept in server_secrets rather than the settings document (see the header of
 * src/domain/notification-channels.ts for why).
 */
export interface ChannelSecrets {
  emailPassword?: string;
  slackUrl?: string;
  teamsUrl?: string;
  discordUrl?: string;
  webhookUrl?: string;
  webhookSecret?: string;
}
type SecretName = keyof ChannelSecrets;

const SECRET_PREFIX = 'notifications.';
const SECRET_KEYS: Record<SecretName, string> = {
  emailPassword: 'notifications.email.password',
  slackUrl: 'notifications.slack.url',
  teamsUrl: 'notifications.teams.url',
  discordUrl: 'notifications.discord.url',
  webhookUrl: 'notifications.webhook.url',
  webhookSecret: 'notifications.webhook.secret',
};
const CHAT_URL: Record<ChatChannel, SecretName> = {
  slack: 'slackUrl',
  teams: 'teamsUrl',
  discord: 'discordUrl',
  webhook: 'webhookUrl',
};

export async function readSecrets(executor: Executor): Promise<ChannelSecrets> {
  const rows = await executor
    .select()
    .from(serverSecrets)
    .where(like(serverSecrets.key, `${SECRET_PREFIX}%`));
  const out: ChannelSecrets = {};
  for (const [name, key] of Object.entries(SECRET_KEYS) as Array<[SecretName, string]>) {
    const value = rows.find((r) => r.key === key)?.value;
    if (value) out[name] = value;
  }
  return out;
}

/** Everything a sender needs: the channel settings, their secrets and the app settings. */
export interface ChannelConfig {
  channels: NotificationChannelSettings;
  secrets: ChannelSecrets;
  settings: Settings;
}

export async function loadChannelConfig(
  executor: Executor,
  getSettings: (executor: Executor) => Promise<Settings>,
): Promise<ChannelConfig> {
  const [settings, secrets] = await Promise.all([getSettings(executor), readSecrets(executor)]);
  return { channels: readNotificationChannelSettings(settings.notifications), secrets, settings };
}

export function chatUrl(secrets: ChannelSecrets, channel: ChatChannel): string | undefined {
  return secrets[CHAT_URL[channel]];
}

/** Whether a channel has what it needs to send (regardless of being switched on). */
export function isConfigured(
  config: Pick<ChannelConfig, 'channels' | 'secrets'>,
  channel: NotificationChannel,
) {
  switch (channel) {
    case 'email':
      return !!config.channels.email.host && !!config.channels.email.sender;
    case 'push':
      return true;
    default:
      return !!chatUrl(config.secrets, channel);
  }
}

/** The channels an event goes to now: routed there, switched on and configured. */
export function channelsFor(config: ChannelConfig, event: string): NotificationChannel[] {
  const routes = config.channels.routing[event as NotificationEvent];
  if (!routes) return [];
  return routes.filter((channel) => config.channels[channel].enabled && isConfigured(config, channel));
}

const urlState = (url: string | undefined) => ({ configured: !!url, hint: url ? maskSecretUrl(url) : null });
const secretState = (value: string | undefined) => ({ configured: !!value, hint: null });

/** What the admin API shows: settings plus the state of each secret, never a secret itself. */
export function toView(
  channels: NotificationChannelSettings,
  secrets: ChannelSecrets,
  vapidPublicKey: string,
): NotificationChannelsView {
  return {
    email: { ...channels.email, password: secretState(secrets.emailPassword) },
    push: { ...channels.push, vapidPublicKey },
    slack: { ...channels.slack, url: urlState(secrets.slackUrl) },
    teams: { ...channels.teams, url: urlState(secrets.teamsUrl) },
    discord: { ...channels.discord, url: urlState(secrets.discordUrl) },
    webhook: {
      ...channels.webhook,
      url: urlState(secrets.webhookUrl),
      secret: secretState(secrets.webhookSecret),
    },
    routing: channels.routing,
  };
}

export interface AppliedUpdate {
  channels: NotificationChannelSettings;
  secrets: ChannelSecrets;
  /** Secrets to write (a string) or delete (null). */
  secretWrites: Array<[key: string, value: string | null]>;
  /** For the audit log: `{ 'email.host': {from, to}, 'slack.url': {from: 'set', to: 'changed'} }`. */
  changes: Record<string, { from: unknown; to: unknown }>;
  /** Fields that block the update: a channel switched on without what it needs. */
  problems: Record<string, string[]>;
}

/** Merges a PUT body over the stored settings; a secret left out of the body keeps its stored value. */
export function applyUpdate(
  current: NotificationChannelSettings,
  secrets: ChannelSecrets,
  update: NotificationChannelsUpdate,
): AppliedUpdate {
  const { password, ...email } = update.email ?? {};
  const { url: slackUrl, ...slack } = update.slack ?? {};
  const { url: teamsUrl, ...teams } = update.teams ?? {};
  const { url: discordUrl, ...discord } = update.discord ?? {};
  const { url: webhookUrl, secret: webhookSecret, ...webhook } = update.webhook ?? {};
  const channels: NotificationChannelSettings = {
    email: { ...current.email, ...email },
    push: { ...current.push, ...update.push },
    slack: { ...current.slack, ...slack },
    teams: { ...current.teams, ...teams },
    discord: { ...current.discord, ...discord },
    webhook: { ...current.webhook, ...webhook },
    routing: { ...current.routing },
  };
  for (const [event, routes] of Object.entries(update.routing ?? {}) as Array<[NotificationEvent, string[]]>)
    channels.routing[event] = [...new Set(routes)] as NotificationChannel[];

  const changes: AppliedUpdate['changes'] = {};
  for (const section of ['email', 'push', 'slack', 'teams', 'discord', 'webhook', 'routing'] as const) {
    const before: Record<string, unknown> = current[section];
    const after: Record<string, unknown> = channels[section];
    for (const key of Object.keys(after)) {
      if (JSON.stringify(before[key]) !== JSON.stringify(after[key]))
        changes[`${section}.${key}`] = { from: before[key] ?? null, to: after[key] ?? null };
    }
  }

  const next: ChannelSecrets = { ...secrets };
  const secretWrites: AppliedUpdate['secretWrites'] = [];
  // A secret belongs to its destination: a new SMTP server (or port) or webhook address does not get
  // the old password or signing secret unless it is given again.
  const smtpMoved = channels.email.host !== current.email.host || channels.email.port !== current.email.port;
  const webhookMoved = webhookUrl !== undefined && (webhookUrl ?? undefined) !== secrets.webhookUrl;
  const incoming: Array<[SecretName, string, string | null | undefined]> = [
    ['emailPassword', 'email.password', password === undefined && smtpMoved ? null : password],
    ['slackUrl', 'slack.url', slackUrl],
    ['teamsUrl', 'teams.url', teamsUrl],
    ['discordUrl', 'discord.url', discordUrl],
    ['webhookUrl', 'webhook.url', webhookUrl],
    ['webhookSecret', 'webhook.secret', webhookSecret === undefined && webhookMoved ? null : webhookSecret],
  ];
  for (const [name, field, value] of incoming) {
    if (value === undefined || (value ?? undefined) === secrets[name]) continue;
    // The audit log names the change, never the value.
    changes[field] = { from: secrets[name] ? 'set' : 'unset', to: value === null ? 'unset' : 'changed' };
    secretWrites.push([SECRET_KEYS[name], value]);
    if (value === null) delete next[name];
    else next[name] = value;
  }

  const problems: AppliedUpdate['problems'] = {};
  if (channels.email.enabled) {
    if (!channels.email.host) problems['email.host'] = ['Required to switch e-mail on'];
    if (!channels.email.sender) problems['email.sender'] = ['Required to switch e-mail on'];
  }
  for (const channel of ['slack', 'teams', 'discord', 'webhook'] as const) {
    if (channels[channel].enabled && !next[CHAT_URL[channel]])
      problems[`${channel}.url`] = [`Required to switch ${channel} on`];
  }
  return { channels, secrets: next, secretWrites, changes, problems };
}

/** Writes or deletes secrets (inside the settings transaction). */
export async function writeSecrets(executor: Executor, writes: AppliedUpdate['secretWrites']) {
  const deletes = writes.filter(([, v]) => v === null).map(([k]) => k);
  if (deletes.length) await executor.delete(serverSecrets).where(inArray(serverSecrets.key, deletes));
  for (const [key, value] of writes) {
    if (value === null) continue;
    await executor
      .insert(serverSecrets)
      .values({ key, value })
      .onConflictDoUpdate({ target: serverSecrets.key, set: { value } });
  }
}
