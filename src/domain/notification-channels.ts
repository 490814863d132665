import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import type { Language } from './constants';

/*
 * Notification channels: e-mail, web push and chat webhooks, which events go where, and the
 * texts the server writes in the app's default language (the server has no i18next).
 *
 * Storage. The non-secret part lives in the settings document under `settings.notifications` (shape:
 * `NotificationChannelSettings`, so `GET /api/settings` returns it as is). Secrets — the SMTP password,
 * the webhook URLs (a Slack/Teams/Discord URL is itself the credential) and the generic webhook's signing
 * secret — are kept outside the settings document, in the server_secrets table: the settings document is
 * readable by every signed-in user and every settings change is copied into the audit log, so a secret
 * stored there would leak twice. Reads give `{ configured, hint }` instead (write-only secrets).
 *
 * Web push payload contract (server → sw/service-worker.ts): the push message body is the JSON
 * `PushPayload` `{ title, body, link, id }`, encrypted with aes128gcm for the subscription. The service
 * worker shows `title` and `body`, uses `id` as the notification tag (a repeated delivery replaces the
 * shown one instead of stacking) and on click focuses or opens the app and posts
 * `{ type: 'NAVIGATE', url: link }` (`link` is a same-origin path; '/notifications' when none).
 */

export const NOTIFICATION_EVENTS = [
  'report.submitted',
  'report.approved',
  'report.rejected',
  'logbook.pending',
  'logbook.approved',
  'maintenance.due',
  'stock.low',
  'dispo.published',
  'dispo.changed',
  'backup.failed',
] as const;
/** Use as the notification `type` when calling `app.notify`: routing to channels is by this name. */
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const CHAT_CHANNELS = ['slack', 'teams', 'discord', 'webhook'] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];
export const NOTIFICATION_CHANNELS = ['email', 'push', ...CHAT_CHANNELS] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const SMTP_SECURITY = ['none', 'starttls', 'tls'] as const;
export type SmtpSecurity = (typeof SMTP_SECURITY)[number];
/** Teams: Adaptive Card for Workflows webhooks (the current kind), MessageCard for old connectors. */
export const TEAMS_FORMATS = ['adaptiveCard', 'messageCard'] as const;
export type TeamsFormat = (typeof TEAMS_FORMATS)[number];

export function isNotificationEvent(value: string): value is NotificationEvent {
  return (NOTIFICATION_EVENTS as readonly string[]).includes(value);
}
export function isChatChannel(value: string): value is ChatChannel {
  return (CHAT_CHANNELS as readonly string[]).includes(value);
}

/* ── Stored settings (settings.notifications) ─────────────────────────────────────────────────── */

const hostSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .max(255)
    .regex(/^[^\s/:]*$/, 'Host name without scheme, port or spaces'),
);
/** "ops@example.com" or "FleetPilot <ops@example.com>"; empty while e-mail is unused. */
const senderSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .max(320)
    .regex(/^$|^[^\s@<>]+@[^\s@<>]+$|^[^<>]*<[^\s@<>]+@[^\s@<>]+>$/, 'An e-mail address or "Name <address>"'),
);
const routeSchema = lazySchema(() =>
  z.array(z.enum(NOTIFICATION_CHANNELS)).max(NOTIFICATION_CHANNELS.length),
);

export const emailChannelSchema = lazySchema(() =>
  z.object({
    enabled: z.boolean(),
    host: hostSchema,
    port: z.number().int().min(1).max(65535),
    security: z.enum(SMTP_SECURITY),
    user: z.string().trim().max(255),
    sender: senderSchema,
  }),
);
export const pushChannelSchema = lazySchema(() => z.object({ enabled: z.boolean() }));
export const chatChannelSchema = lazySchema(() => z.object({ enabled: z.boolean() }));
export const teamsChannelSchema = lazySchema(() =>
  chatChannelSchema.extend({ format: z.enum(TEAMS_FORMATS) }),
);

export const notificationRoutingSchema = lazySchema(() =>
  z.object(
    Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e, routeSchema])) as Record<
      NotificationEvent,
      typeof routeSchema
    >,
  ),
);
export type NotificationRouting = z.infer<typeof notificationRoutingSchema>;

export const notificationChannelSettingsSchema = lazySchema(() =>
  z.object({
    email: emailChannelSchema,
    push: pushChannelSchema,
    slack: chatChannelSchema,
    teams: teamsChannelSchema,
    discord: chatChannelSchema,
    webhook: chatChannelSchema,
    /** Event → the channels it goes to (besides the in-app notification, which always happens). */
    routing: notificationRoutingSchema,
  }),
);
export type NotificationChannelSettings = z.infer<typeof notificationChannelSettingsSchema>;

export const DEFAULT_NOTIFICATION_CHANNEL_SETTINGS: NotificationChannelSettings = {
  email: { enabled: false, host: '', port: 587, security: 'starttls', user: '', sender: '' },
  // Push reaches only people who agreed to it on a device, so it is on until an admin says otherwise.
  push: { enabled: true },
  slack: { enabled: false },
  teams: { enabled: false, format: 'adaptiveCard' },
  discord: { enabled: false },
  webhook: { enabled: false },
  routing: Object.fromEntries(
    NOTIFICATION_EVENTS.map((e) => [e, [...NOTIFICATION_CHANNELS]]),
  ) as NotificationRouting,
};

/**
 * Reads `settings.notifications` as stored. The document can also be written through the generic
 * `PUT /api/settings`, so anything missing or malformed falls back to its default, field by field.
 */
export function readNotificationChannelSettings(raw: unknown): NotificationChannelSettings {
  const d = DEFAULT_NOTIFICATION_CHANNEL_SETTINGS;
  const src = isRecord(raw) ? raw : {};
  const section = <S extends z.ZodObject>(schema: S, key: string, fallback: z.infer<S>): z.infer<S> => {
    const stored = isRecord(src[key]) ? src[key] : {};
    const out: Record<string, unknown> = { ...fallback };
    for (const [field, fieldSchema] of Object.entries(schema.shape)) {
      const parsed = (fieldSchema as z.ZodType).safeParse(stored[field]);
      if (parsed.success) out[field] = parsed.data;
    }
    return out as z.infer<S>;
  };
  const storedRouting = isRecord(src.routing) ? src.routing : {};
  const routing = Object.fromEntries(
    NOTIFICATION_EVENTS.map((e) => {
      const parsed = routeSchema.safeParse(storedRouting[e]);
      return [e, parsed.success ? [...new Set(parsed.data)] : [...d.routing[e]]];
    }),
  ) as NotificationRouting;
  return {
    email: section(emailChannelSchema, 'email', d.email),
    push: section(pushChannelSchema, 'push', d.push),
    slack: section(chatChannelSchema, 'slack', d.slack),
    teams: section(teamsChannelSchema, 'teams', d.teams),
    discord: section(chatChannelSchema, 'discord', d.discord),
    webhook: section(chatChannelSchema, 'webhook', d.webhook),
    routing,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}

/* ── Admin API: GET/PUT /api/notification-channels, POST /api/notification-channels/{channel}/test ── */

/** A write-only secret as read back: whether one is stored, and for URLs a masked hint. */
export const secretStateSchema = lazySchema(() =>
  z.object({ configured: z.boolean(), hint: z.string().nullable() }),
);
export type SecretState = z.infer<typeof secretStateSchema>;

export const notificationChannelsViewSchema = lazySchema(() =>
  z.object({
    email: emailChannelSchema.extend({ password: secretStateSchema }),
    push: pushChannelSchema.extend({ vapidPublicKey: z.string() }),
    slack: chatChannelSchema.extend({ url: secretStateSchema }),
    teams: teamsChannelSchema.extend({ url: secretStateSchema }),
    discord: chatChannelSchema.extend({ url: secretStateSchema }),
    webhook: chatChannelSchema.extend({ url: secretStateSchema, secret: secretStateSchema }),
    routing: notificationRoutingSchema,
  }),
);
export type NotificationChannelsView = z.infer<typeof notificationChannelsViewSchema>;

const webhookUrlSchema = lazySchema(() => z.url({ protocol: /^https?$/, error: 'An http(s) URL' }).max(2000));
/** Omitted: keep the stored secret. null: remove it. A string: replace it. */
const secretInput = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

export const notificationChannelsUpdateSchema = lazySchema(() =>
  z
    .object({
      email: emailChannelSchema
        .extend({ password: secretInput(z.string().min(1).max(500)) })
        .partial()
        .strict(),
      push: pushChannelSchema.partial().strict(),
      slack: chatChannelSchema
        .extend({ url: secretInput(webhookUrlSchema) })
        .partial()
        .strict(),
      teams: teamsChannelSchema
        .extend({ url: secretInput(webhookUrlSchema) })
        .partial()
        .strict(),
      discord: chatChannelSchema
        .extend({ url: secretInput(webhookUrlSchema) })
        .partial()
        .strict(),
      webhook: chatChannelSchema
        .extend({ url: secretInput(webhookUrlSchema), secret: secretInput(z.string().min(16).max(500)) })
        .partial()
        .strict(),
      routing: notificationRoutingSchema.partial().strict(),
    })
    .partial()
    .strict(),
);
export type NotificationChannelsUpdate = z.infer<typeof notificationChannelsUpdateSchema>;

export const channelParamsSchema = lazySchema(() => z.object({ channel: z.enum(NOTIFICATION_CHANNELS) }));
/** E-mail tests go to `to`, else to the signed-in admin's own address; push tests to their own devices. */
export const channelTestBodySchema = lazySchema(() =>
  z
    .object({ to: z.email().max(320).optional() })
    .strict()
    .nullish(),
);
/**
 * What went wrong with a send, in words of no language: the client shows its own sentence for the
 * code, the server's `error` text adds the detail (a status, a reply code — never the remote text).
 */
export const CHANNEL_FAILURES = [
  'NOT_CONFIGURED',
  'NO_RECIPIENT',
  'NO_SUBSCRIPTION',
  'UNREACHABLE',
  'TIMEOUT',
  'AUTH_FAILED',
  'REJECTED',
  'FAILED',
] as const;
export type ChannelFailure = (typeof CHANNEL_FAILURES)[number];
export const channelTestResultSchema = lazySchema(() =>
  z.object({
    ok: z.boolean(),
    code: z.enum(CHANNEL_FAILURES).optional(),
    error: z.string().optional(),
  }),
);
export type ChannelTestResult = z.infer<typeof channelTestResultSchema>;

/** Masks a secret URL for display: scheme and host stay, the rest becomes "…" plus its last 4 characters. */
export function maskSecretUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const rest = url.slice(parsed.origin.length);
    return `${parsed.origin}/…${rest.length > 8 ? rest.slice(-4) : ''}`;
  } catch {
    return '…';
  }
}

/* ── Web push (GET /api/push/vapid-public-key, POST/DELETE /api/push/subscriptions) ─────────────── */

export const vapidPublicKeySchema = lazySchema(() => z.object({ publicKey: z.string() }));

const base64Url = lazySchema(() => z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'base64url'));
/** The browser's `PushSubscription.toJSON()` (expirationTime and other fields are ignored). */
export const pushSubscriptionInputSchema = lazySchema(() =>
  z.object({
    endpoint: z.url({ protocol: /^https?$/ }).max(2000),
    keys: z.object({ p256dh: base64Url.min(80).max(100), auth: base64Url.min(16).max(32) }),
  }),
);
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;
export const pushUnsubscribeSchema = lazySchema(() => z.object({ endpoint: z.string().min(1).max(2000) }));
export const pushSubscriptionSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    endpoint: z.string(),
    createdAt: z.string(),
  }),
);

/** The decrypted body of every push message (see the contract at the top of this file). */
export const pushPayloadSchema = lazySchema(() =>
  z.object({
    title: z.string(),
    body: z.string(),
    /** Same-origin path to open on click. */
    link: z.string(),
    /** The notification's id; the service worker's notification tag. */
    id: z.string(),
  }),
);
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** The generic JSON webhook's body. `link` is absolute when PUBLIC_URL is set, else a path. */
export interface GenericWebhookPayload {
  event: string;
  title: string;
  message: string;
  link: string;
  createdAt: string;
}

/* ── Server-written texts, in the app's default language ────────────────────────────────────── */

export interface ChannelTexts {
  mailSubject: string;
  mailGreeting: string;
  mailIntro: string;
  open: string;
  mailFooter: string;
  testTitle: string;
  testEmail: string;
  testPush: string;
  testChat: string;
  maintenanceSoonTitle: string;
  maintenanceUrgentTitle: string;
  maintenanceDueMessage: string;
  maintenanceOverdueMessage: string;
  backupFailedTitle: string;
  backupFailedMessage: string;
}

/** `{placeholders}`: appName, title, name, machine, model, serial, hours, error. */
export const CHANNEL_TEXTS: Record<Language, ChannelTexts> = {
  en: {
    mailSubject: '{appName}: {title}',
    mailGreeting: 'Hello {name},',
    mailIntro: 'There is a new notification for you in {appName}:',
    open: 'Open in {appName}',
    mailFooter:
      'You receive this e-mail because e-mail notifications are switched on in {appName}. Administrators can change this under Settings → Notifications.',
    testTitle: 'Test message',
    testEmail: 'E-mail delivery from {appName} works.',
    testPush: 'Push notifications from {appName} work on this device.',
    testChat: 'The connection from {appName} to this channel works.',
    maintenanceSoonTitle: 'Maintenance due soon: {machine}',
    maintenanceUrgentTitle: 'Maintenance urgent: {machine}',
    maintenanceDueMessage: '{machine} ({model}, {serial}) is due for maintenance in {hours} operating hours.',
    maintenanceOverdueMessage:
      '{machine} ({model}, {serial}) is overdue for maintenance by {hours} operating hours.',
    backupFailedTitle: 'The backup failed',
    backupFailedMessage: 'The backup of {appName} could not be made: {error}. Check Settings → Backups.',
  },
  de: {
    mailSubject: '{appName}: {title}',
    mailGreeting: 'Hallo {name},',
    mailIntro: 'Es gibt eine neue Benachrichtigung für Sie in {appName}:',
    open: 'In {appName} öffnen',
    mailFooter:
      'Sie erhalten diese E-Mail, weil E-Mail-Benachrichtigungen in {appName} eingeschaltet sind. Administratoren können das unter Einstellungen → Benachrichtigungen ändern.',
    testTitle: 'Testnachricht',
    testEmail: 'Der E-Mail-Versand aus {appName} funktioniert.',
    testPush: 'Push-Benachrichtigungen von {appName} funktionieren auf diesem Gerät.',
    testChat: 'Die Verbindung von {appName} zu diesem Kanal funktioniert.',
    maintenanceSoonTitle: 'Wartung bald fällig: {machine}',
    maintenanceUrgentTitle: 'Wartung dringend: {machine}',
    maintenanceDueMessage: '{machine} ({model}, {serial}) ist in {hours} Betriebsstunden zur Wartung fällig.',
    maintenanceOverdueMessage:
      'Die Wartung von {machine} ({model}, {serial}) ist seit {hours} Betriebsstunden überfällig.',
    backupFailedTitle: 'Die Datensicherung ist fehlgeschlagen',
    backupFailedMessage:
      'Die Datensicherung von {appName} konnte nicht erstellt werden: {error}. Bitte unter Einstellungen → Datensicherung prüfen.',
  },
  bg: {
    mailSubject: '{appName}: {title}',
    mailGreeting: 'Здравейте, {name},',
    mailIntro: 'Имате ново известие в {appName}:',
    open: 'Отваряне в {appName}',
    mailFooter:
      'Получавате този имейл, защото известията по имейл са включени в {appName}. Администраторите могат да променят това от Настройки → Известия.',
    testTitle: 'Тестово съобщение',
    testEmail: 'Изпращането на имейли от {appName} работи.',
    testPush: 'Push известията от {appName} работят на това устройство.',
    testChat: 'Връзката от {appName} към този канал работи.',
    maintenanceSoonTitle: 'Предстояща поддръжка: {machine}',
    maintenanceUrgentTitle: 'Спешна поддръжка: {machine}',
    maintenanceDueMessage: '{machine} ({model}, {serial}) трябва да мине поддръжка след {hours} моточаса.',
    maintenanceOverdueMessage:
      'Поддръжката на {machine} ({model}, {serial}) е просрочена с {hours} моточаса.',
    backupFailedTitle: 'Резервното копие не бе създадено',
    backupFailedMessage:
      'Резервното копие на {appName} не можа да бъде създадено: {error}. Проверете Настройки → Резервни копия.',
  },
  gr: {
    mailSubject: '{appName}: {title}',
    mailGreeting: 'Γεια σας, {name},',
    mailIntro: 'Έχετε νέα ειδοποίηση στο {appName}:',
    open: 'Άνοιγμα στο {appName}',
    mailFooter:
      'Λαμβάνετε αυτό το email επειδή οι ειδοποιήσεις μέσω email είναι ενεργοποιημένες στο {appName}. Οι διαχειριστές μπορούν να το αλλάξουν στις Ρυθμίσεις → Ειδοποιήσεις.',
    testTitle: 'Δοκιμαστικό μήνυμα',
    testEmail: 'Η αποστολή email από το {appName} λειτουργεί.',
    testPush: 'Οι ειδοποιήσεις push από το {appName} λειτουργούν σε αυτή τη συσκευή.',
    testChat: 'Η σύνδεση του {appName} με αυτό το κανάλι λειτουργεί.',
    maintenanceSoonTitle: 'Συντήρηση σύντομα: {machine}',
    maintenanceUrgentTitle: 'Επείγουσα συντήρηση: {machine}',
    maintenanceDueMessage:
      'Το {machine} ({model}, {serial}) χρειάζεται συντήρηση σε {hours} ώρες λειτουργίας.',
    maintenanceOverdueMessage:
      'Η συντήρηση του {machine} ({model}, {serial}) έχει καθυστερήσει κατά {hours} ώρες λειτουργίας.',
    backupFailedTitle: 'Το αντίγραφο ασφαλείας απέτυχε',
    backupFailedMessage:
      'Το αντίγραφο ασφαλείας του {appName} δεν δημιουργήθηκε: {error}. Ελέγξτε τις Ρυθμίσεις → Αντίγραφα ασφαλείας.',
  },
};

/** Fills `{name}` placeholders; unknown ones stay as written. */
export function fillTemplate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    values[key] !== undefined ? String(values[key]) : whole,
  );
}
