import {
  NOTIFICATION_EVENTS,
  notificationChannelsUpdateSchema,
  type NotificationChannel,
  type NotificationChannelsUpdate,
  type NotificationChannelsView,
  type NotificationRouting,
} from '@/domain/notification-channels';

/** The write-only secrets of the channels, by the field name the API's errors use. */
export const SECRET_FIELDS = [
  'email.password',
  'slack.url',
  'teams.url',
  'discord.url',
  'webhook.url',
  'webhook.secret',
] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];

/** What happens to a stored secret on save: kept (the input is empty), replaced or removed. */
export type SecretEdit = { action: 'keep' } | { action: 'replace'; value: string } | { action: 'clear' };

export interface ChannelForm {
  email: Omit<NotificationChannelsView['email'], 'password'>;
  push: { enabled: boolean };
  slack: { enabled: boolean };
  teams: { enabled: boolean; format: NotificationChannelsView['teams']['format'] };
  discord: { enabled: boolean };
  webhook: { enabled: boolean };
  routing: NotificationRouting;
  secrets: Record<SecretField, SecretEdit>;
}

const KEEP: SecretEdit = { action: 'keep' };

/** The form as the server's view fills it: secrets are never in the view, so every one is "keep". */
export function formFromView(view: NotificationChannelsView): ChannelForm {
  const { password: _password, ...email } = view.email;
  return {
    email,
    push: { enabled: view.push.enabled },
    slack: { enabled: view.slack.enabled },
    teams: { enabled: view.teams.enabled, format: view.teams.format },
    discord: { enabled: view.discord.enabled },
    webhook: { enabled: view.webhook.enabled },
    routing: Object.fromEntries(
      NOTIFICATION_EVENTS.map((event) => [event, [...(view.routing[event] ?? [])]]),
    ) as NotificationRouting,
    secrets: Object.fromEntries(SECRET_FIELDS.map((field) => [field, KEEP])) as Record<
      SecretField,
      SecretEdit
    >,
  };
}

const secretValue = (edit: SecretEdit): string | null | undefined =>
  edit.action === 'replace' ? edit.value.trim() : edit.action === 'clear' ? null : undefined;

/** The PUT body: every setting as the form holds it; a secret only when it is replaced or removed. */
export function updateFromForm(form: ChannelForm): NotificationChannelsUpdate {
  const secret = (field: SecretField) => {
    const value = secretValue(form.secrets[field]);
    return value === undefined ? {} : { [field.split('.')[1]!]: value };
  };
  return {
    email: { ...form.email, ...secret('email.password') },
    push: { ...form.push },
    slack: { ...form.slack, ...secret('slack.url') },
    teams: { ...form.teams, ...secret('teams.url') },
    discord: { ...form.discord, ...secret('discord.url') },
    webhook: { ...form.webhook, ...secret('webhook.url'), ...secret('webhook.secret') },
    routing: form.routing,
  };
}

/** Field errors by "section.field" (the names the server's VALIDATION_FAILED details use). */
export type FieldErrors = Partial<Record<string, string>>;

/** Why a field failed, as an i18n key (the schema's own messages are English). */
export const FIELD_ERROR: Record<string, string> = {
  'email.host': 'notifications.admin.errors.host',
  'email.port': 'notifications.admin.errors.port',
  'email.sender': 'notifications.admin.errors.sender',
  'email.user': 'notifications.admin.errors.tooLong',
  'email.password': 'notifications.admin.errors.tooLong',
  'slack.url': 'notifications.admin.errors.url',
  'teams.url': 'notifications.admin.errors.url',
  'discord.url': 'notifications.admin.errors.url',
  'webhook.url': 'notifications.admin.errors.url',
  'webhook.secret': 'notifications.admin.errors.secret',
};
export const REQUIRED_TO_ENABLE = 'notifications.admin.errors.requiredToEnable';
const INVALID = 'notifications.admin.errors.invalid';

const CHAT = ['slack', 'teams', 'discord', 'webhook'] as const;

/**
 * Checks the form with the API's own schema, so the browser and the server agree on what is valid,
 * and like the server refuses a channel switched on without what it needs. Returns i18n keys by field.
 */
export function validateForm(form: ChannelForm, view: NotificationChannelsView): FieldErrors {
  const errors: FieldErrors = {};
  const result = notificationChannelsUpdateSchema.safeParse(updateFromForm(form));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = issue.path.join('.');
      errors[key] ??= FIELD_ERROR[key] ?? INVALID;
    }
  }
  if (form.email.enabled) {
    if (!form.email.host.trim()) errors['email.host'] ??= REQUIRED_TO_ENABLE;
    if (!form.email.sender.trim()) errors['email.sender'] ??= REQUIRED_TO_ENABLE;
  }
  for (const channel of CHAT) {
    const edit = form.secrets[`${channel}.url`];
    const hasUrl = edit.action === 'replace' || (edit.action === 'keep' && view[channel].url.configured);
    if (form[channel].enabled && !hasUrl) errors[`${channel}.url`] ??= REQUIRED_TO_ENABLE;
  }
  return errors;
}

/** Whether the channel's saved configuration differs from the form (the test uses the saved one). */
export function channelChanged(form: ChannelForm, saved: ChannelForm, channel: NotificationChannel): boolean {
  const secretsOf = (field: SecretField) => field.startsWith(`${channel}.`);
  return (
    JSON.stringify(form[channel]) !== JSON.stringify(saved[channel]) ||
    SECRET_FIELDS.some((field) => secretsOf(field) && form.secrets[field].action !== 'keep')
  );
}

export function formsEqual(a: ChannelForm, b: ChannelForm): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
