import { SimpleGrid, Stack } from '@mantine/core';
import { IconClockHour4, IconCoin, IconHourglassHigh, IconPackageExport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsDetailed } from '@/domain/analytics';
import type { Column } from '../csv';
import { useAnalyticsFormat } from '../format';
import { ChartCard } from './chart-card';
import { StatCard } from './stat-card';

type Category = AnalyticsDetailed['checklistCategories'][number];
type Item = AnalyticsDetailed['checklistItems'][number];
type Machine = AnalyticsDetailed['machinesMostFailed'][number];
type Usage = AnalyticsDetailed['usageHours'][number];
type Conveyor = AnalyticsDetailed['conveyorFailures'][number];

/** Items shown in the chart of failure rates per item (the table and the CSV have all of them). */
const TOP_ITEMS = 15;

/** Breakdowns of the range: checklist failure rates, machines, usage hours, conveyors. */
export function MetricsTab({ data }: { data: AnalyticsDetailed }) {
  const { t } = useTranslation();
  const f = useAnalyticsFormat();
  const categoryName = (c: Category) => f.label(c.label, c.category);
  const itemName = (i: Item) => `${f.label(i.categoryLabel, i.category)} · ${f.label(i.label, i.item)}`;
  const num = (key: string, label: string) => ({ key, label, numeric: true });
  const rateColumns = <R extends Category | Item>(name: (r: R) => string): Array<Column<R>> => [
    { key: 'name', label: t('analytics.columns.name'), value: name },
    { ...num('checked', t('analytics.columns.checked')), value: (r) => r.checked },
    { ...num('failed', t('analytics.columns.failed')), value: (r) => r.failed },
    {
      ...num('rate', t('analytics.columns.failureRate')),
      value: (r) => r.failureRate,
      format: (r) => f.percent(r.failureRate),
    },
  ];
  const rateChart = <R extends Category | Item>(rows: readonly R[], name: (r: R) => string) => ({
    kind: 'horizontal' as const,
    dataKey: 'name',
    valueFormatter: (v: number) => f.percent(v),
    data: rows.map((r) => ({ name: name(r), rate: r.failureRate })),
    series: [{ name: 'rate', label: t('analytics.columns.failureRate'), color: 'red.6' }],
  });

  const machineColumns: Array<Column<Machine>> = [
    { key: 'name', label: t('analytics.columns.machine'), value: (m) => m.name },
    { ...num('failed', t('analytics.columns.failedItems')), value: (m) => m.failed },
    { ...num('reports', t('analytics.columns.reports')), value: (m) => m.reports },
  ];
  const usageColumns: Array<Column<Usage>> = [
    { key: 'name', label: t('analytics.columns.machine'), value: (u) => u.name },
    {
      ...num('hoursInRange', t('analytics.columns.hoursInRange')),
      value: (u) => u.hoursInRange,
      format: (u) => f.hours(u.hoursInRange),
    },
    {
      ...num('usageHours', t('analytics.columns.usageHours')),
      value: (u) => u.usageHours,
      format: (u) => f.hours(u.usageHours),
    },
    { ...num('reports', t('analytics.columns.reports')), value: (u) => u.reports },
  ];
  const conveyorColumns: Array<Column<Conveyor>> = [
    { key: 'name', label: t('analytics.columns.conveyor'), value: (c) => c.name },
    { ...num('failures', t('analytics.columns.failures')), value: (c) => c.failures },
    { ...num('checks', t('analytics.columns.checks')), value: (c) => c.checks },
  ];
  const lead = data.approvalLeadTime;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <StatCard
          label={t('analytics.metrics.medianLeadTime')}
          value={f.hours(lead.medianHours)}
          detail={t('analytics.metrics.approvals', { count: lead.count })}
          icon={<IconClockHour4 size={24} />}
          color="blue"
        />
        <StatCard
          label={t('analytics.metrics.p90LeadTime')}
          value={f.hours(lead.p90Hours)}
          icon={<IconHourglassHigh size={24} />}
          color="orange"
        />
        <StatCard
          label={t('analytics.metrics.inventoryValue')}
          value={f.money(data.inventory.value)}
          icon={<IconCoin size={24} />}
          color="grape"
        />
        <StatCard
          label={t('analytics.metrics.consumed')}
          value={f.money(data.inventory.consumedValue)}
          detail={t('analytics.metrics.consumedUnits', { count: data.inventory.consumedUnits })}
          icon={<IconPackageExport size={24} />}
          color="teal"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard
          name="failure-rate-by-category"
          range={data.range}
          title={t('analytics.charts.failureByCategory')}
          rows={data.checklistCategories}
          columns={rateColumns<Category>(categoryName)}
          empty={data.checklistCategories.every((c) => c.checked === 0)}
          chart={rateChart(data.checklistCategories, categoryName)}
        />
        <ChartCard
          name="failure-rate-by-item"
          range={data.range}
          title={t('analytics.charts.failureByItem')}
          description={
            data.checklistItems.length > TOP_ITEMS
              ? t('analytics.charts.topItems', { count: TOP_ITEMS })
              : undefined
          }
          rows={data.checklistItems}
          columns={rateColumns<Item>(itemName)}
          empty={data.checklistItems.every((i) => i.checked === 0)}
          chart={rateChart(data.checklistItems.slice(0, TOP_ITEMS), itemName)}
        />
        <ChartCard
          name="machines-most-failed"
          range={data.range}
          title={t('analytics.charts.machinesMostFailed')}
          rows={data.machinesMostFailed}
          columns={machineColumns}
          chart={{
            kind: 'horizontal',
            dataKey: 'name',
            data: data.machinesMostFailed.map((m) => ({ name: m.name, failed: m.failed })),
            series: [{ name: 'failed', label: t('analytics.columns.failedItems'), color: 'red.6' }],
          }}
        />
        <ChartCard
          name="usage-hours"
          range={data.range}
          title={t('analytics.charts.usageHours')}
          description={t('analytics.charts.usageHoursDescription')}
          rows={data.usageHours}
          columns={usageColumns}
          empty={data.usageHours.every((u) => u.hoursInRange === 0)}
          chart={{
            kind: 'horizontal',
            dataKey: 'name',
            valueFormatter: (v) => f.hours(v),
            data: data.usageHours.map((u) => ({ name: u.name, hours: u.hoursInRange })),
            series: [{ name: 'hours', label: t('analytics.columns.hoursInRange'), color: 'blue.6' }],
          }}
        />
        <ChartCard
          name="conveyor-failures"
          range={data.range}
          title={t('analytics.charts.conveyorFailures')}
          rows={data.conveyorFailures}
          columns={conveyorColumns}
          empty={data.conveyorFailures.every((c) => c.failures === 0)}
          chart={{
            kind: 'horizontal',
            dataKey: 'name',
            data: data.conveyorFailures.map((c) => ({ name: c.name, failures: c.failures })),
            series: [{ name: 'failures', label: t('analytics.columns.failures'), color: 'orange.6' }],
          }}
        />
      </SimpleGrid>
    </Stack>
  );
}
