import {
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications as toast } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconBrandDiscord,
  IconBrandSlack,
  IconBrandTeams,
  IconDeviceMobileMessage,
  IconMail,
  IconWebhook,
} from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_CHANNELS,
  SMTP_SECURITY,
  TEAMS_FORMATS,
  type ChatChannel,
  type NotificationChannelsView,
  type NotificationRouting,
} from '@/domain/notification-channels';
import { serverFieldErrors } from '@/client/lib/api-errors';
import { ChannelCard } from './channel-card';
import {
  channelChanged,
  FIELD_ERROR,
  formFromView,
  formsEqual,
  REQUIRED_TO_ENABLE,
  updateFromForm,
  validateForm,
  type ChannelForm,
  type FieldErrors,
  type SecretEdit,
  type SecretField as SecretFieldName,
} from './channel-form';
import { getNotificationChannels, updateNotificationChannels } from './channels-api';
import { RoutingMatrix } from './routing-matrix';
import { SecretField } from './secret-field';
import { TEAMS_FORMAT_LABEL, useSecurityName } from '../labels';

export interface NotificationAdminSectionProps {
  /** Shows the settings without controls. @default false */
  readOnly?: boolean;
  /** Told whenever the section starts or stops holding unsaved input (the page's status and leave guard). */
  onDirtyChange?: (dirty: boolean) => void;
}

type Load =
  | { status: 'loading' }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; view: NotificationChannelsView };

const CHAT_ICONS = {
  slack: IconBrandSlack,
  teams: IconBrandTeams,
  discord: IconBrandDiscord,
  webhook: IconWebhook,
};

/**
 * Settings → Notifications (admin): switch e-mail, web push and the chat webhooks on,
 * enter their settings (secrets are write-only: "configured", replace or remove — never shown), route
 * events to channels, and send a test through each channel.
 */
export function NotificationAdminSection({ readOnly = false, onDirtyChange }: NotificationAdminSectionProps) {
  const { t } = useTranslation();
  const securityName = useSecurityName();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [saved, setSaved] = useState<ChannelForm | null>(null);
  const [form, setForm] = useState<ChannelForm | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const applyView = useCallback((view: NotificationChannelsView) => {
    const next = formFromView(view);
    setLoad({ status: 'ready', view });
    setSaved(next);
    setForm(next);
    setErrors({});
  }, []);

  const fetchView = useCallback(
    (signal?: AbortSignal) =>
      getNotificationChannels(signal).then(applyView, (error: unknown) => {
        if (!signal?.aborted) setLoad({ status: 'error', error });
      }),
    [applyView],
  );
  useEffect(() => {
    const controller = new AbortController();
    void fetchView(controller.signal);
    return () => controller.abort();
  }, [fetchView]);
  const reload = () => {
    setLoad({ status: 'loading' });
    void fetchView();
  };

  const dirty = !!form && !!saved && !formsEqual(form, saved);
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  const setRouting = useCallback((routing: NotificationRouting) => {
    setForm((current) => (current ? { ...current, routing } : current));
    setSaveError(null);
  }, []);

  const enabledChannels = useMemo(
    () => new Set(form ? NOTIFICATION_CHANNELS.filter((channel) => form[channel].enabled) : []),
    [form],
  );

  if (load.status === 'loading' || !form || !saved) {
    if (load.status === 'error') {
      return (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle size={18} />}
          title={t('notifications.admin.loadFailed')}
        >
          <Text size="sm">{load.error instanceof Error ? load.error.message : String(load.error)}</Text>
          <Button mt="sm" size="xs" variant="light" color="red" onClick={reload}>
            {t('notifications.retry')}
          </Button>
        </Alert>
      );
    }
    return (
      <Stack role="status" gap="md" aria-busy="true" aria-label={t('notifications.admin.loading')}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={140} radius="lg" />
        ))}
      </Stack>
    );
  }
  const view = load.status === 'ready' ? load.view : null;
  if (!view) return null;

  const update = (patch: (current: ChannelForm) => ChannelForm) => {
    setForm((current) => (current ? patch(current) : current));
    setSaveError(null);
  };
  const setSecret = (field: SecretFieldName, edit: SecretEdit) =>
    update((current) => ({ ...current, secrets: { ...current.secrets, [field]: edit } }));
  const fieldError = (key: string) => errors[key];

  const save = async () => {
    const problems = validateForm(form, view);
    setErrors(Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key ?? '')])));
    if (Object.keys(problems).length > 0) {
      setSaveError(t('notifications.admin.fixErrors'));
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      applyView(await updateNotificationChannels(updateFromForm(form)));
      toast.show({ color: 'green', message: t('notifications.admin.saved') });
    } catch (error) {
      const fields = serverFieldErrors(error);
      // The server's reasons in the user's language where they are known, else as it wrote them.
      setErrors(
        Object.fromEntries(
          Object.entries(fields).map(([field, message = '']) => [
            field,
            message.startsWith('Required to switch')
              ? t(REQUIRED_TO_ENABLE)
              : FIELD_ERROR[field]
                ? t(FIELD_ERROR[field])
                : message,
          ]),
        ),
      );
      setSaveError(error instanceof Error ? error.message : String(error));
    } finally {
      setSaving(false);
    }
  };

  const secretField = (
    field: SecretFieldName,
    label: string,
    kind: 'url' | 'password',
    description?: string,
  ) => (
    <SecretField
      label={label}
      stored={secretStateOf(view, field)}
      edit={form.secrets[field]}
      onChange={(edit) => setSecret(field, edit)}
      kind={kind}
      error={fieldError(field)}
      disabled={readOnly}
      description={description}
    />
  );

  const chatCard = (channel: ChatChannel) => (
    <ChannelCard
      key={channel}
      channel={channel}
      icon={CHAT_ICONS[channel]}
      enabled={form[channel].enabled}
      onEnabledChange={(enabled) =>
        update((current) => ({ ...current, [channel]: { ...current[channel], enabled } }))
      }
      unsaved={channelChanged(form, saved, channel)}
      readOnly={readOnly}
    >
      <Stack gap="sm">
        {secretField(`${channel}.url`, t('notifications.admin.webhookUrl'), 'url')}
        {channel === 'teams' ? (
          <Select
            label={t('notifications.admin.teamsFormat')}
            data={TEAMS_FORMATS.map((format) => ({
              value: format,
              label: t(TEAMS_FORMAT_LABEL[format]),
            }))}
            value={form.teams.format}
            onChange={(value) =>
              value &&
              update((current) => ({
                ...current,
                teams: { ...current.teams, format: value as typeof current.teams.format },
              }))
            }
            allowDeselect={false}
            disabled={readOnly}
          />
        ) : null}
        {channel === 'webhook'
          ? secretField(
              'webhook.secret',
              t('notifications.admin.webhookSecret'),
              'password',
              t('notifications.admin.webhookSecretHint'),
            )
          : null}
      </Stack>
    </ChannelCard>
  );

  return (
    <Stack gap="lg" data-testid="notification-admin">
      <ChannelCard
        channel="push"
        icon={IconDeviceMobileMessage}
        enabled={form.push.enabled}
        onEnabledChange={(enabled) => update((current) => ({ ...current, push: { enabled } }))}
        unsaved={channelChanged(form, saved, 'push')}
        readOnly={readOnly}
      />
      <ChannelCard
        channel="email"
        icon={IconMail}
        enabled={form.email.enabled}
        onEnabledChange={(enabled) =>
          update((current) => ({ ...current, email: { ...current.email, enabled } }))
        }
        unsaved={channelChanged(form, saved, 'email')}
        readOnly={readOnly}
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={t('notifications.admin.smtp.host')}
            placeholder="smtp.example.com"
            value={form.email.host}
            onChange={(event) => {
              const host = event.currentTarget.value;
              update((current) => ({ ...current, email: { ...current.email, host } }));
            }}
            error={fieldError('email.host')}
            disabled={readOnly}
            spellCheck={false}
          />
          <SimpleGrid cols={2} spacing="sm">
            <NumberInput
              label={t('notifications.admin.smtp.port')}
              value={form.email.port}
              min={1}
              max={65535}
              allowDecimal={false}
              allowNegative={false}
              onChange={(value) =>
                update((current) => ({
                  ...current,
                  email: { ...current.email, port: typeof value === 'number' ? value : 0 },
                }))
              }
              error={fieldError('email.port')}
              disabled={readOnly}
            />
            <Select
              label={t('notifications.admin.smtp.security')}
              data={SMTP_SECURITY.map((value) => ({
                value,
                label: securityName(value),
              }))}
              value={form.email.security}
              onChange={(value) =>
                value &&
                update((current) => ({
                  ...current,
                  email: { ...current.email, security: value as typeof current.email.security },
                }))
              }
              allowDeselect={false}
              disabled={readOnly}
            />
          </SimpleGrid>
          <TextInput
            label={t('notifications.admin.smtp.user')}
            value={form.email.user}
            onChange={(event) => {
              const user = event.currentTarget.value;
              update((current) => ({ ...current, email: { ...current.email, user } }));
            }}
            error={fieldError('email.user')}
            disabled={readOnly}
            autoComplete="off"
            spellCheck={false}
          />
          {secretField('email.password', t('notifications.admin.smtp.password'), 'password')}
          <TextInput
            label={t('notifications.admin.smtp.sender')}
            description={t('notifications.admin.smtp.senderHint')}
            placeholder="FleetPilot <fleet@example.com>"
            value={form.email.sender}
            onChange={(event) => {
              const sender = event.currentTarget.value;
              update((current) => ({ ...current, email: { ...current.email, sender } }));
            }}
            error={fieldError('email.sender')}
            disabled={readOnly}
            spellCheck={false}
          />
        </SimpleGrid>
      </ChannelCard>
      {(['slack', 'teams', 'discord', 'webhook'] as const).map(chatCard)}
      <RoutingMatrix
        routing={form.routing}
        enabledChannels={enabledChannels}
        onChange={setRouting}
        readOnly={readOnly}
      />
      {readOnly ? null : (
        <Group
          justify="flex-end"
          gap="sm"
          pos="sticky"
          bottom={0}
          py="sm"
          bg="var(--mantine-color-body)"
          style={{ zIndex: 1, borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          {saveError ? (
            <Text c="red" size="sm" role="alert" style={{ flex: 1 }}>
              {saveError}
            </Text>
          ) : dirty ? (
            <Text c="dimmed" size="sm" style={{ flex: 1 }}>
              {t('notifications.admin.unsaved')}
            </Text>
          ) : null}
          <Button
            variant="default"
            disabled={!dirty || saving}
            onClick={() => {
              setForm(saved);
              setErrors({});
              setSaveError(null);
            }}
          >
            {t('notifications.admin.discard')}
          </Button>
          <Button onClick={() => void save()} loading={saving} disabled={!dirty}>
            {t('notifications.admin.save')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function secretStateOf(view: NotificationChannelsView, field: SecretFieldName) {
  switch (field) {
    case 'email.password':
      return view.email.password;
    case 'webhook.secret':
      return view.webhook.secret;
    case 'slack.url':
      return view.slack.url;
    case 'teams.url':
      return view.teams.url;
    case 'discord.url':
      return view.discord.url;
    case 'webhook.url':
      return view.webhook.url;
  }
}
