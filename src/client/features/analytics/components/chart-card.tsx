import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconDownload, IconTable } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewModeToggle } from '@/client/ui/view-mode-toggle';
import { csvFilename, downloadCsv, toCsv, type Column } from '../csv';
import type { ChartSpec } from './chart-spec';
import { DataTable } from './data-table';
import { LazyChart } from './lazy-chart';

interface ChartCardProps<Row> {
  /** File name part of the CSV export (e.g. "reports-by-status"). */
  name: string;
  title: string;
  description?: string;
  rows: readonly Row[];
  columns: ReadonlyArray<Column<Row>>;
  chart: ChartSpec;
  /** Nothing to draw (no rows, or every value zero): the chart view says so. */
  empty?: boolean;
  /** Added to the CSV file name. */
  range?: string;
}

/** One chart with a switch to its table view and a CSV export of its data. */
export function ChartCard<Row>({
  name,
  title,
  description,
  rows,
  columns,
  chart,
  empty = rows.length === 0,
  range,
}: ChartCardProps<Row>) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const exportCsv = () => downloadCsv(csvFilename(name, range), toCsv(columns, rows));
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label={title} data-chart={name}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Title order={2} size="h5">
              {title}
            </Title>
            {description ? (
              <Text size="sm" c="dimmed">
                {description}
              </Text>
            ) : null}
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <ViewModeToggle
              size="sm"
              value={view}
              onChange={setView}
              label={t('analytics.view.label', { title })}
              options={[
                { value: 'chart', label: t('analytics.view.chart'), icon: IconChartBar },
                { value: 'table', label: t('analytics.view.table'), icon: IconTable },
              ]}
            />
            <Button
              variant="default"
              size="sm"
              leftSection={<IconDownload size={16} />}
              onClick={exportCsv}
              disabled={rows.length === 0}
              aria-label={t('analytics.view.csvLabel', { title })}
            >
              CSV
            </Button>
          </Group>
        </Group>
        {view === 'table' ? (
          rows.length === 0 ? (
            <EmptyNote />
          ) : (
            <DataTable label={title} columns={columns} rows={rows} />
          )
        ) : empty ? (
          <EmptyNote />
        ) : (
          <LazyChart {...chart} />
        )}
      </Stack>
    </Card>
  );
}

function EmptyNote() {
  const { t } = useTranslation();
  return (
    <Text c="dimmed" size="sm" ta="center" py="xl">
      {t('analytics.empty.chart')}
    </Text>
  );
}
