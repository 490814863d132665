import { Button, EmptyState, Skeleton, Stack } from '@mantine/core';
import { IconBackhoe, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ExcavatorsEmptyProps {
  filtered: boolean;
  onClear(): void;
  /** Shown for roles that may add machines. */
  onCreate: (() => void) | null;
}

export function ExcavatorsEmpty({ filtered, onClear, onCreate }: ExcavatorsEmptyProps) {
  const { t } = useTranslation();
  const action = filtered ? (
    <Button variant="light" mih={44} onClick={onClear}>
      {t('excavators.filters.clear')}
    </Button>
  ) : onCreate ? (
    <Button mih={44} leftSection={<IconPlus size={18} />} onClick={onCreate}>
      {t('excavators.actions.create')}
    </Button>
  ) : null;
  return (
    <EmptyState
      py="xl"
      withIndicatorBackground
      icon={<IconBackhoe size={28} stroke={1.5} />}
      title={filtered ? t('excavators.empty.filteredTitle') : t('excavators.empty.title')}
      description={filtered ? t('excavators.empty.filteredMessage') : t('excavators.empty.message')}
      data-testid="excavators-empty"
    >
      {action ? <EmptyState.Actions>{action}</EmptyState.Actions> : null}
    </EmptyState>
  );
}

export function ExcavatorsLoading() {
  const { t } = useTranslation();
  return (
    <Stack role="status" gap="xs" aria-busy="true" aria-label={t('excavators.list.loading')}>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} h={84} radius="md" />
      ))}
    </Stack>
  );
}
