import { Alert, Badge, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconHeartbeat } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AiHealth } from '@/domain/ai';
import { aiCodeMessage, aiErrorMessage } from '@/client/shell/ai/ai-errors';
import { getAiHealth } from './api';

type HealthState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; health: AiHealth }
  | { status: 'error'; message: string };

function Flag({ ok, yes, no }: { ok: boolean; yes: string; no: string }) {
  return (
    <Badge color={ok ? 'green' : 'red'} variant="light">
      {ok ? yes : no}
    </Badge>
  );
}

/**
 * GET /api/ai/admin/health: whether the model server answers, how fast, and whether the configured
 * chat and translator models exist. Checked when the section opens (if configured) and on demand.
 */
export function HealthCard({ configured, version }: { configured: boolean; version: number }) {
  const { t } = useTranslation();
  const [state, setState] = useState<HealthState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const request = useCallback(() => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    getAiHealth(current.signal).then(
      (health) => setState({ status: 'ready', health }),
      (error: unknown) => {
        if (!current.signal.aborted) setState({ status: 'error', message: aiErrorMessage(t, error) });
      },
    );
  }, [t]);
  const check = () => {
    setState({ status: 'loading' });
    request();
  };

  // Re-checked whenever the saved configuration changes (`version`).
  const [checkedVersion, setCheckedVersion] = useState<number | null>(null);
  if (configured && checkedVersion !== version) {
    setCheckedVersion(version);
    setState({ status: 'loading' });
  }
  useEffect(() => {
    if (configured) request();
    return () => controller.current?.abort();
  }, [configured, version, request]);

  const health = state.status === 'ready' ? state.health : null;
  return (
    <Stack gap="sm" aria-busy={state.status === 'loading'}>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {configured ? t('ai.admin.health.description') : t('ai.admin.health.notConfigured')}
        </Text>
        <Button
          variant="light"
          leftSection={<IconHeartbeat size={16} />}
          onClick={check}
          loading={state.status === 'loading'}
          disabled={!configured}
        >
          {t('ai.admin.health.check')}
        </Button>
      </Group>
      {state.status === 'loading' && <Loader size="sm" aria-label={t('ai.admin.health.checking')} />}
      {state.status === 'error' && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />}>
          {state.message}
        </Alert>
      )}
      {health && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="ai-health">
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('ai.admin.health.reachable')}
            </Text>
            <Flag ok={health.reachable} yes={t('ai.admin.health.yes')} no={t('ai.admin.health.no')} />
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('ai.admin.health.latency')}
            </Text>
            <Text fw={600}>
              {health.latencyMs === null ? '—' : t('ai.admin.health.ms', { value: health.latencyMs })}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('ai.admin.health.chatModel')}
            </Text>
            <Flag
              ok={health.modelsPresent.chat}
              yes={t('ai.admin.health.present')}
              no={t('ai.admin.health.missing')}
            />
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('ai.admin.health.translatorModel')}
            </Text>
            <Flag
              ok={health.modelsPresent.translator}
              yes={t('ai.admin.health.present')}
              no={t('ai.admin.health.missing')}
            />
          </Stack>
        </SimpleGrid>
      )}
      {health?.error && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />}>
          {aiCodeMessage(t, health.error.code, health.error.message)}
          <Text size="xs" c="dimmed" mt={4}>
            {health.error.message}
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
