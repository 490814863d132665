import { Alert, Badge, Button, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconHeartbeat } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { aiCodeMessage, aiErrorMessage } from '@/client/ui/ai/ai-errors';
import { useRemoteData } from '@/client/lib/use-remote-data';
import { getAiHealth } from './api';

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
  // Checked again whenever the saved configuration changes (`version`); nothing to ask before one exists.
  const checked = useRemoteData(configured ? `ai-health#${version}` : null, getAiHealth);
  const health = configured ? checked.data : null;

  return (
    <Stack gap="sm" aria-busy={checked.loading}>
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {configured ? t('ai.admin.health.description') : t('ai.admin.health.notConfigured')}
        </Text>
        <Button
          variant="light"
          leftSection={<IconHeartbeat size={16} />}
          onClick={checked.reload}
          loading={checked.loading}
          disabled={!configured}
        >
          {t('ai.admin.health.check')}
        </Button>
      </Group>
      {checked.loading && <Loader size="sm" aria-label={t('ai.admin.health.checking')} />}
      {checked.error ? (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertTriangle size={18} />}>
          {aiErrorMessage(t, checked.error)}
        </Alert>
      ) : null}
      {health && !checked.loading && (
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
