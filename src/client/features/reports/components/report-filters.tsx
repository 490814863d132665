import { Badge, Button, Drawer, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconFilter, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { REPORT_STATUSES } from '@/domain/report-status';
import { ExcavatorPicker } from '@/client/ui/pickers/excavator-picker';
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

/** How many of the list's filters are set (the text search counts as one). */
export function activeFilterCount(search: FilterPatch): number {
  return [search.status, search.excavator, search.author, search.from, search.to, search.q].filter(Boolean)
    .length;
}

/**
 * Status, excavator, author, date range and text; kept in the URL. Side by side on a tablet or desktop;
 * on a phone the six fields would fill the first screen, so they wait behind a "Filter" button (with the
 * number of filters set) in a drawer, and the list starts right below the button.
 */
export function ReportFilters({ search, reports, onChange, onClear }: ReportFiltersProps) {
  const { t } = useTranslation();
  const narrow = useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
  const [drawerOpen, drawer] = useDisclosure(false);
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
  const count = activeFilterCount(search);
  const active = count > 0;
  const clear = () => {
    setText('');
    onClear();
  };

  const fields: ReactNode = (
    <>
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
    </>
  );
  const to = (
    <TextInput
      type="date"
      label={t('reports.filters.to')}
      style={{ flex: 1 }}
      value={search.to ?? ''}
      onChange={(e) => onChange({ to: e.currentTarget.value || undefined })}
    />
  );

  if (narrow) {
    return (
      <>
        <Group gap="xs" mb="md" className="report-no-print">
          <Button
            variant={active ? 'light' : 'default'}
            leftSection={<IconFilter size={18} />}
            rightSection={
              active ? (
                <Badge size="sm" circle aria-hidden>
                  {count}
                </Badge>
              ) : null
            }
            aria-label={active ? t('reports.filters.openActive', { count }) : t('reports.filters.open')}
            aria-haspopup="dialog"
            onClick={drawer.open}
            data-testid="report-filters-button"
          >
            {t('reports.filters.open')}
          </Button>
          {active ? (
            <Button variant="subtle" leftSection={<IconFilterOff size={18} />} onClick={clear}>
              {t('reports.filters.clear')}
            </Button>
          ) : null}
        </Group>
        <Drawer
          opened={drawerOpen}
          onClose={drawer.close}
          position="bottom"
          size="auto"
          title={t('reports.filters.title')}
        >
          <Stack gap="sm" data-testid="report-filters-drawer">
            {fields}
            {to}
            <Group justify="space-between" mt="xs">
              <Button variant="subtle" disabled={!active} onClick={clear}>
                {t('reports.filters.clear')}
              </Button>
              <Button onClick={drawer.close}>{t('reports.filters.show')}</Button>
            </Group>
          </Stack>
        </Drawer>
      </>
    );
  }

  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 6 }} spacing="sm" mb="md" className="report-no-print">
      {fields}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        {to}
        {active ? (
          <Button
            variant="subtle"
            px="xs"
            aria-label={t('reports.filters.clear')}
            title={t('reports.filters.clear')}
            onClick={clear}
          >
            <IconFilterOff size={18} />
          </Button>
        ) : null}
      </Group>
    </SimpleGrid>
  );
}
