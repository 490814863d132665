import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The channel settings could not be read: the reason and a retry. */
export function SectionLoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      icon={<IconAlertTriangle size={18} />}
      title={t('notifications.admin.loadFailed')}
    >
      <Text size="sm">{error instanceof Error ? error.message : String(error)}</Text>
      <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry}>
        {t('notifications.retry')}
      </Button>
    </Alert>
  );
}

/** Placeholders in the shape of the channel cards while the settings load. */
export function SectionLoading() {
  const { t } = useTranslation();
  return (
    <Stack role="status" gap="md" aria-busy="true" aria-label={t('notifications.admin.loading')}>
      {[0, 1, 2].map((index) => (
        <Skeleton key={index} height={140} radius="lg" />
      ))}
    </Stack>
  );
}
