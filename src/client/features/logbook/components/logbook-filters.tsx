import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOGBOOK_STATUSES, type LogbookStatus } from '@/domain/logbook';
import type { ListFilters } from '../use-logbook-navigation';
import { STATUS_KEY } from '../keys';

interface LogbookFiltersProps {
  filters: ListFilters;
  /** Authors found among the entries on this device: id → display name. */
  authors: ReadonlyArray<{ id: string; name: string }>;
  onChange(filters: ListFilters): void;
}

const isStatus = (value: string | null): value is LogbookStatus =>
  value !== null && (LOGBOOK_STATUSES as readonly string[]).includes(value);

/** Date range, status and author: applied to the device's entries at once (works offline). */
export function LogbookFilters({ filters, authors, onChange }: LogbookFiltersProps) {
  const { t } = useTranslation();
  const active = !!(filters.from || filters.to || filters.status || filters.author);
  const set = (patch: Partial<ListFilters>) => onChange({ ...filters, ...patch });
  return (
    <Group align="flex-end" gap="sm" wrap="wrap" role="search" aria-label={t('logbook.filters.label')}>
      <TextInput
        type="date"
        label={t('logbook.filters.from')}
        value={filters.from ?? ''}
        max={filters.to}
        onChange={(e) => set({ from: e.currentTarget.value || undefined })}
        size="md"
        w={170}
      />
      <TextInput
        type="date"
        label={t('logbook.filters.to')}
        value={filters.to ?? ''}
        min={filters.from}
        onChange={(e) => set({ to: e.currentTarget.value || undefined })}
        size="md"
        w={170}
      />
      <Select
        label={t('logbook.filters.status')}
        placeholder={t('logbook.filters.allStatuses')}
        data={LOGBOOK_STATUSES.map((status) => ({ value: status, label: t(STATUS_KEY[status]) }))}
        value={filters.status ?? null}
        onChange={(value) => set({ status: isStatus(value) ? value : undefined })}
        clearable
        size="md"
        w={200}
      />
      <Select
        label={t('logbook.filters.author')}
        placeholder={t('logbook.filters.allAuthors')}
        data={authors.map((a) => ({ value: a.id, label: a.name }))}
        value={filters.author ?? null}
        onChange={(value) => set({ author: value ?? undefined })}
        clearable
        searchable
        size="md"
        w={220}
      />
      {active ? (
        <Button
          variant="subtle"
          size="md"
          leftSection={<IconFilterOff size={18} />}
          onClick={() => onChange({ from: undefined, to: undefined, status: undefined, author: undefined })}
        >
          {t('logbook.filters.reset')}
        </Button>
      ) : null}
    </Group>
  );
}
