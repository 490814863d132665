import { Alert, Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBellOff, IconBellRinging, IconDeviceMobileMessage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { PushUnavailableError, type PushState } from './push-subscription';
import { usePush } from './use-push';
import { PUSH_STATE_HINT, PUSH_STATE_LABEL } from '../labels';

const STATE_COLOR: Record<PushState, string> = {
  enabled: 'green',
  available: 'gray',
  blocked: 'red',
  unsupported: 'gray',
};

function useErrorText(error: unknown): string | null {
  const { t } = useTranslation();
  if (!error) return null;
  if (error instanceof PushUnavailableError) return t('notifications.push.hint.unsupported');
  return t('notifications.push.failed', { message: error instanceof Error ? error.message : String(error) });
}

/**
 * The push opt-in for this device on the /notifications page: what the state is (on, off, blocked,
 * not supported) and the switch. The browser asks for permission only after the click.
 */
export function PushOptInPanel() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const push = usePush(user.id);
  const errorText = useErrorText(push.error);
  const state = push.state;

  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="section"
      aria-labelledby="push-opt-in-title"
      data-push-state={state ?? 'checking'}
    >
      <Group justify="space-between" align="center" gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 20rem', minWidth: 0 }}>
          <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
            <IconDeviceMobileMessage size={22} stroke={1.7} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600} id="push-opt-in-title">
                {t('notifications.push.title')}
              </Text>
              {state ? (
                <Badge color={STATE_COLOR[state]} variant="light" data-testid="push-state">
                  {t(PUSH_STATE_LABEL[state])}
                </Badge>
              ) : null}
            </Group>
            <Text size="sm" c="dimmed">
              {state ? t(PUSH_STATE_HINT[state]) : t('notifications.push.checking')}
            </Text>
          </Stack>
        </Group>
        {state === 'available' ? (
          <Button
            leftSection={<IconBellRinging size={18} />}
            loading={push.busy}
            onClick={() => void push.enable()}
            // On a phone the German offer is wider than the screen: the label wraps.
            h="auto"
            py={6}
            maw="100%"
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
          >
            {t('notifications.push.enable')}
          </Button>
        ) : null}
        {state === 'enabled' ? (
          <Button
            variant="default"
            leftSection={<IconBellOff size={18} />}
            loading={push.busy}
            onClick={() => void push.disable()}
          >
            {t('notifications.push.disable')}
          </Button>
        ) : null}
      </Group>
      {errorText ? (
        <Alert color="red" variant="light" mt="sm" role="alert">
          {errorText}
        </Alert>
      ) : null}
    </Paper>
  );
}

/** The opt-in in the bell's dropdown: only the offer, and only where push can be switched on. */
export function PushOptInCompact() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const push = usePush(user.id);
  const errorText = useErrorText(push.error);
  if (push.state !== 'available') return null;
  return (
    <Stack gap={4}>
      <Button
        variant="light"
        size="xs"
        fullWidth
        leftSection={<IconBellRinging size={16} />}
        loading={push.busy}
        onClick={() => void push.enable()}
        // The dropdown is narrow and the German offer long: the label wraps instead of losing its end.
        h="auto"
        py={6}
        styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }}
      >
        {t('notifications.push.enable')}
      </Button>
      {errorText ? (
        <Text size="xs" c="red" role="alert">
          {errorText}
        </Text>
      ) : null}
    </Stack>
  );
}
