import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_STATUSES } from '@/domain/report-status';
import { ExcavatorPicker } from '@/client/shell/pickers/excavator-picker';
import { STATUS_LABEL_KEY, type ReportRecord, type ReportsSearch } from '../model';

export type FilterPatch = Partial<
  Pick<ReportsSearch, 'status' | 'excavator' | 'author' | 'from' | 'to' | 'q'>
>;

interface ReportFiltersProps {
  search: ReportsSearch;
  reports: readonly ReportRecord[];
  onChange: (patch: FilterPatch) => void;
  onClear: () => void;
}

/** Status, excavator, author, date range and text; kept in the URL. */
export function ReportFilters({ search, reports, onChange, onClear }: ReportFiltersProps) {
  const { t } = useTranslation();
  const [text, setText] = useState(search.q ?? '');
  const commitText = useDebouncedCallback((q: string) => onChange({ q: q.trim() || undefined }), 300);
  const authors = useMemo(() => {
    const byId = new Map<string, string>();
    for (const report of reports) {
      if (report.createdBy && !byId.has(report.createdBy))
        byId.set(report.createdBy, report.createdByName ?? report.operatorName);
    }
    return [...byId]
      .map(([value, label]) => ({ value, label }))
      .sort((a, b) => a.label.localeCompare(b.label));
  }, [reports]);
  const active = !!(
    search.status ||
    search.excavator ||
    search.author ||
    search.from ||
    search.to ||
    search.q
  );

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 6 }} spacing="sm" mb="md" className="report-no-print">
      <TextInput
        label={t('reports.filters.search')}
        placeholder={t('reports.filters.searchPlaceholder')}
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(e) => {
          setText(e.currentTarget.value);
          commitText(e.currentTarget.value);
        }}
      />
      <Select
        label={t('reports.filters.status')}
        placeholder={t('reports.filters.all')}
        clearable
        value={search.status ?? null}
        onChange={(value) => onChange({ status: (value as ReportsSearch['status']) ?? undefined })}
        data={REPORT_STATUSES.map((status) => ({ value: status, label: t(STATUS_LABEL_KEY[status]) }))}
      />
      <ExcavatorPicker
        label={t('reports.filters.excavator')}
        placeholder={t('reports.filters.all')}
        clearable
        value={search.excavator ?? null}
        onChange={(value) => onChange({ excavator: value ?? undefined })}
      />
      <Select
        label={t('reports.filters.author')}
        placeholder={t('reports.filters.all')}
        clearable
        searchable
        value={search.author ?? null}
        onChange={(value) => onChange({ author: value ?? undefined })}
        data={authors}
      />
      <TextInput
        type="date"
        label={t('reports.filters.from')}
        value={search.from ?? ''}
        onChange={(e) => onChange({ from: e.currentTarget.value || undefined })}
      />
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          type="date"
          label={t('reports.filters.to')}
          style={{ flex: 1 }}
          value={search.to ?? ''}
          onChange={(e) => onChange({ to: e.currentTarget.value || undefined })}
        />
        {active ? (
          <Button
            variant="subtle"
            px="xs"
            aria-label={t('reports.filters.clear')}
            title={t('reports.filters.clear')}
            onClick={() => {
              setText('');
              onClear();
            }}
          >
            <IconFilterOff size={18} />
          </Button>
        ) : null}
      </Group>
    </SimpleGrid>
  );
}
