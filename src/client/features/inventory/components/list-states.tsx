import { Alert, Button, EmptyState, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPackage, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function LoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" role="alert" icon={<IconAlertTriangle size={18} />} title={t('inventory.errors.load')}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{t('inventory.errors.loadHint')}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      </Group>
    </Alert>
  );
}

export function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack role="status" gap="sm" aria-busy="true" aria-label={t('inventory.loading')}>
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} h={64} radius="md" />
      ))}
    </Stack>
  );
}

export function InventoryEmpty({
  filtered,
  onClear,
  action,
}: {
  filtered: boolean;
  onClear: () => void;
  action: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <EmptyState
      py="xl"
      withIndicatorBackground
      icon={filtered ? <IconSearch size={28} stroke={1.5} /> : <IconPackage size={28} stroke={1.5} />}
      title={filtered ? t('inventory.empty.filteredTitle') : t('inventory.empty.title')}
      description={filtered ? t('inventory.empty.filteredMessage') : t('inventory.empty.message')}
    >
      {filtered ? (
        <EmptyState.Actions>
          <Button variant="light" onClick={onClear}>
            {t('inventory.filters.clear')}
          </Button>
        </EmptyState.Actions>
      ) : action ? (
        <EmptyState.Actions>{action}</EmptyState.Actions>
      ) : null}
    </EmptyState>
  );
}
