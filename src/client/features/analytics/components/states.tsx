import { Alert, Button, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/client/api/client';

/** Analytics come from the server only: offline there is nothing new to show. */
export function OfflineNotice({ hasData }: { hasData: boolean }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="orange"
      icon={<IconWifiOff size={20} />}
      title={t('analytics.offline.title')}
      role="status"
      radius="md"
    >
      {hasData ? t('analytics.offline.stale') : t('analytics.offline.message')}
    </Alert>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  const message =
    error instanceof ApiError && error.isNetworkError
      ? t('analytics.errors.network')
      : error instanceof ApiError && error.code === 'FEATURE_DISABLED'
        ? t('analytics.errors.disabled')
        : t('analytics.errors.load');
  return (
    <Alert
      color="red"
      role="alert"
      icon={<IconAlertTriangle size={18} />}
      title={t('analytics.errors.title')}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button size="sm" variant="white" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

export function TabSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack role="status" gap="md" aria-busy="true" aria-label={t('analytics.loading')}>
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} h={96} radius="lg" />
        ))}
      </SimpleGrid>
      <Skeleton h={320} radius="lg" />
    </Stack>
  );
}
