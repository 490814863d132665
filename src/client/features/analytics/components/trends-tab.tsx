import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnalyticsDetailed } from '@/domain/analytics';
import { REPORT_STATUSES } from '@/domain/report-status';
import type { Column } from '../csv';
import { useAnalyticsFormat } from '../format';
import { ChartCard } from './chart-card';
import { REPORT_STATUS_COLORS } from './colors';
import { PER_UNIT_LABEL, REPORT_STATUS_LABEL, UNIT_COLUMN_LABEL } from '../labels';

type ReportPoint = AnalyticsDetailed['reportsByStatus'][number];
type LeadPoint = AnalyticsDetailed['approvalLeadTime']['series'][number];
type ConsumptionPoint = AnalyticsDetailed['inventory']['consumption'][number];

/** Series per week or month of the range: reports by status, approval lead time, stock consumption. */
export function TrendsTab({ data }: { data: AnalyticsDetailed }) {
  const { t } = useTranslation();
  const f = useAnalyticsFormat();
  const period = (p: { period: string }) => f.period(p.period, data.unit);
  const periodColumn = {
    key: 'period',
    label: t(UNIT_COLUMN_LABEL[data.unit]),
    value: (p: { period: string }) => p.period,
    format: period,
  };

  const reportColumns: Array<Column<ReportPoint>> = [
    periodColumn,
    ...REPORT_STATUSES.map((s) => ({
      key: s,
      label: t(REPORT_STATUS_LABEL[s]),
      value: (p: ReportPoint) => p[s],
      numeric: true,
    })),
    { key: 'total', label: t('analytics.columns.total'), value: (p) => p.total, numeric: true },
  ];
  const leadColumns: Array<Column<LeadPoint>> = [
    periodColumn,
    { key: 'count', label: t('analytics.columns.approvals'), value: (p) => p.count, numeric: true },
    {
      key: 'median',
      label: t('analytics.columns.medianHours'),
      value: (p) => p.medianHours,
      format: (p) => f.hours(p.medianHours),
      numeric: true,
    },
    {
      key: 'p90',
      label: t('analytics.columns.p90Hours'),
      value: (p) => p.p90Hours,
      format: (p) => f.hours(p.p90Hours),
      numeric: true,
    },
  ];
  const consumptionColumns: Array<Column<ConsumptionPoint>> = [
    periodColumn,
    { key: 'units', label: t('analytics.columns.units'), value: (p) => p.units, numeric: true },
    {
      key: 'value',
      label: t('analytics.columns.value'),
      value: (p) => p.value,
      format: (p) => f.money(p.value),
      numeric: true,
    },
  ];

  return (
    <Stack gap="md">
      <ChartCard
        name="reports-by-status"
        range={data.range}
        title={t('analytics.charts.reportsByStatus')}
        description={t(PER_UNIT_LABEL[data.unit])}
        rows={data.reportsByStatus}
        columns={reportColumns}
        empty={data.reportsByStatus.every((p) => p.total === 0)}
        chart={{
          kind: 'stacked',
          dataKey: 'label',
          data: data.reportsByStatus.map((p) => ({ ...p, label: period(p) })),
          series: REPORT_STATUSES.map((s) => ({
            name: s,
            label: t(REPORT_STATUS_LABEL[s]),
            color: REPORT_STATUS_COLORS[s],
          })),
        }}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard
          name="approval-lead-time"
          range={data.range}
          title={t('analytics.charts.leadTime')}
          description={t('analytics.charts.leadTimeDescription', {
            median: f.hours(data.approvalLeadTime.medianHours),
            p90: f.hours(data.approvalLeadTime.p90Hours),
            count: data.approvalLeadTime.count,
          })}
          rows={data.approvalLeadTime.series}
          columns={leadColumns}
          empty={data.approvalLeadTime.count === 0}
          chart={{
            kind: 'line',
            dataKey: 'label',
            valueFormatter: (v) => f.hours(v),
            data: data.approvalLeadTime.series.map((p) => ({
              label: period(p),
              median: p.medianHours,
              p90: p.p90Hours,
            })),
            series: [
              { name: 'median', label: t('analytics.columns.medianHours'), color: 'blue.6' },
              { name: 'p90', label: t('analytics.columns.p90Hours'), color: 'orange.6' },
            ],
          }}
        />
        <ChartCard
          name="stock-consumption"
          range={data.range}
          title={t('analytics.charts.consumption')}
          description={t('analytics.charts.consumptionDescription', {
            units: data.inventory.consumedUnits,
            value: f.money(data.inventory.consumedValue),
          })}
          rows={data.inventory.consumption}
          columns={consumptionColumns}
          empty={data.inventory.consumedUnits === 0}
          chart={{
            kind: 'bars',
            dataKey: 'label',
            valueFormatter: (v) => f.money(v),
            data: data.inventory.consumption.map((p) => ({ label: period(p), value: p.value })),
            series: [{ name: 'value', label: t('analytics.columns.value'), color: 'grape.6' }],
          }}
        />
      </SimpleGrid>
    </Stack>
  );
}
