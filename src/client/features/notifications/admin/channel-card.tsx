import { Alert, Button, Group, Paper, Stack, Switch, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconSend, type Icon } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelTestResult, NotificationChannel } from '@/domain/notification-channels';
import { sendChannelTest } from './channels-api';
import { CHANNEL_FAILURE_TEXT, CHANNEL_HINT, useChannelName } from '../labels';

interface ChannelCardProps {
  channel: NotificationChannel;
  icon: Icon;
  enabled: boolean;
  onEnabledChange: (enabled: boolean) => void;
  /** The channel has edits that are not saved: a test would use the saved settings. */
  unsaved: boolean;
  readOnly: boolean;
  children?: ReactNode;
}

type TestState = { status: 'idle' } | { status: 'sending' } | { status: 'done'; result: ChannelTestResult };

/** One delivery channel: on/off, its settings, and "Send test" reporting success or the provider's error. */
export function ChannelCard({
  channel,
  icon: ChannelIcon,
  enabled,
  onEnabledChange,
  unsaved,
  readOnly,
  children,
}: ChannelCardProps) {
  const { t } = useTranslation();
  const [test, setTest] = useState<TestState>({ status: 'idle' });
  const [to, setTo] = useState('');
  const name = useChannelName()(channel);
  const titleId = `channel-${channel}-title`;

  const sendTest = async () => {
    setTest({ status: 'sending' });
    try {
      setTest({ status: 'done', result: await sendChannelTest(channel, to.trim() || undefined) });
    } catch (error) {
      setTest({
        status: 'done',
        result: { ok: false, error: error instanceof Error ? error.message : String(error) },
      });
    }
  };

  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={titleId} data-channel={channel}>
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size={38} radius="md" aria-hidden>
              <ChannelIcon size={22} stroke={1.7} />
            </ThemeIcon>
            <div>
              <Title order={3} size="h4" id={titleId}>
                {name}
              </Title>
              <Text size="sm" c="dimmed">
                {t(CHANNEL_HINT[channel])}
              </Text>
            </div>
          </Group>
          <Switch
            checked={enabled}
            onChange={(event) => onEnabledChange(event.currentTarget.checked)}
            disabled={readOnly}
            label={enabled ? t('notifications.admin.on') : t('notifications.admin.off')}
            aria-label={t('notifications.admin.enableChannel', { channel: name })}
            size="md"
          />
        </Group>
        {children}
        {readOnly ? null : (
          <Stack gap="xs">
            <Group gap="sm" align="flex-end" wrap="wrap">
              {channel === 'email' ? (
                <TextInput
                  label={t('notifications.admin.testRecipient')}
                  description={t('notifications.admin.testRecipientHint')}
                  type="email"
                  value={to}
                  onChange={(event) => setTo(event.currentTarget.value)}
                  style={{ flex: '1 1 16rem' }}
                  autoComplete="email"
                />
              ) : null}
              <Button
                variant="default"
                leftSection={<IconSend size={16} />}
                loading={test.status === 'sending'}
                onClick={() => void sendTest()}
                aria-label={t('notifications.admin.sendTestTo', { channel: name })}
              >
                {t('notifications.admin.sendTest')}
              </Button>
              {unsaved ? (
                <Text size="xs" c="dimmed" style={{ flex: '1 1 12rem' }}>
                  {t('notifications.admin.testUsesSaved')}
                </Text>
              ) : null}
            </Group>
            {test.status === 'done' ? (
              test.result.ok ? (
                <Alert
                  color="green"
                  variant="light"
                  icon={<IconCircleCheck size={18} />}
                  role="status"
                  data-testid={`test-result-${channel}`}
                >
                  {t('notifications.admin.testSent')}
                </Alert>
              ) : (
                <Alert
                  color="red"
                  variant="light"
                  icon={<IconCircleX size={18} />}
                  role="alert"
                  title={t('notifications.admin.testFailed')}
                  data-testid={`test-result-${channel}`}
                >
                  {test.result.code ? (
                    <Text size="sm">{t(CHANNEL_FAILURE_TEXT[test.result.code])}</Text>
                  ) : null}
                  {test.result.error ? (
                    <Text
                      size={test.result.code ? 'xs' : 'sm'}
                      c={test.result.code ? 'dimmed' : undefined}
                      style={{ overflowWrap: 'anywhere' }}
                    >
                      {test.result.error}
                    </Text>
                  ) : null}
                </Alert>
              )
            ) : null}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
