import { SimpleGrid, Stack } from '@mantine/core';
import {
  IconBuildingWarehouse,
  IconChecklist,
  IconClipboardCheck,
  IconFileReport,
  IconPackageOff,
  IconTool,
  IconTruck,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AnalyticsSummary } from '@/domain/analytics';
import { EXCAVATOR_STATUSES } from '@/domain/excavator';
import { REPORT_STATUSES } from '@/domain/report-status';
import type { Column } from '../csv';
import { useAnalyticsFormat } from '../format';
import { ChartCard } from './chart-card';
import { REPORT_STATUS_COLORS } from './colors';
import { StatCard } from './stat-card';
import { FLEET_STATUS_LABEL, REPORT_STATUS_LABEL } from '../labels';

interface CountRow {
  key: string;
  label: string;
  count: number;
}

const FLEET_COLORS: Record<string, string> = {
  operational: 'green.6',
  maintenance: 'yellow.6',
  out_of_service: 'red.6',
};

/** Headline figures (GET /api/analytics/summary) and two small breakdowns. */
export function OverviewTab({ summary }: { summary: AnalyticsSummary }) {
  const { t } = useTranslation();
  const f = useAnalyticsFormat();
  const fleetRows: CountRow[] = EXCAVATOR_STATUSES.map((s) => ({
    key: s,
    label: t(FLEET_STATUS_LABEL[s]),
    count: summary.fleet.byStatus[s],
  }));
  const reportRows: CountRow[] = REPORT_STATUSES.map((s) => ({
    key: s,
    label: t(REPORT_STATUS_LABEL[s]),
    count: summary.reportsThisMonth.byStatus[s],
  }));
  const columns = (what: string): Array<Column<CountRow>> => [
    { key: 'status', label: t('analytics.columns.status'), value: (r) => r.label },
    { key: 'count', label: what, value: (r) => r.count, format: (r) => f.number(r.count), numeric: true },
  ];
  const byStatus = (rows: CountRow[], colors: Record<string, string>) => ({
    kind: 'bars' as const,
    dataKey: 'label',
    data: rows.map((r) => ({ label: r.label, [r.key]: r.count })),
    series: rows.map((r) => ({ name: r.key, label: r.label, color: colors[r.key] ?? 'blue.6' })),
  });
  const s = summary;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        <StatCard
          label={t('analytics.summary.fleet')}
          value={f.number(s.fleet.total)}
          detail={t('analytics.summary.fleetDetail', {
            operational: s.fleet.byStatus.operational,
            maintenance: s.fleet.byStatus.maintenance,
            outOfService: s.fleet.byStatus.out_of_service,
          })}
          icon={<IconTruck size={24} />}
          color="blue"
        />
        <StatCard
          label={t('analytics.summary.reportsThisMonth')}
          value={f.number(s.reportsThisMonth.total)}
          detail={t('analytics.summary.reportsDetail', {
            approved: s.reportsThisMonth.byStatus.approved,
            rejected: s.reportsThisMonth.byStatus.rejected,
          })}
          icon={<IconFileReport size={24} />}
          color="indigo"
        />
        <StatCard
          label={t('analytics.summary.pendingApprovals')}
          value={f.number(s.pendingApprovals.total)}
          // Each count with its own plural ("1 Bericht", not "1 Berichte").
          detail={t('analytics.summary.pendingDetail', {
            reports: t('analytics.summary.pendingReports', { count: s.pendingApprovals.reports }),
            logbook: t('analytics.summary.pendingLogbook', { count: s.pendingApprovals.logbook }),
          })}
          icon={<IconClipboardCheck size={24} />}
          color="yellow"
        />
        <StatCard
          label={t('analytics.summary.overdueMaintenance')}
          value={f.number(s.maintenance.overdue)}
          detail={t('analytics.summary.dueSoon', { count: s.maintenance.dueSoon })}
          icon={<IconTool size={24} />}
          color="teal"
          alert={s.maintenance.overdue > 0}
        />
        <StatCard
          label={t('analytics.summary.openSpecialChecks')}
          value={f.number(s.openSpecialChecks)}
          icon={<IconChecklist size={24} />}
          color="cyan"
          alert={s.openSpecialChecks > 0}
        />
        <StatCard
          label={t('analytics.summary.inventoryValue')}
          value={f.money(s.inventory.value)}
          detail={t('analytics.summary.inventoryItems', { count: s.inventory.items })}
          icon={<IconBuildingWarehouse size={24} />}
          color="grape"
        />
        <StatCard
          label={t('analytics.summary.lowStock')}
          value={f.number(s.inventory.lowStock)}
          icon={<IconPackageOff size={24} />}
          color="orange"
          alert={s.inventory.lowStock > 0}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ChartCard
          name="fleet-status"
          title={t('analytics.charts.fleetStatus')}
          rows={fleetRows}
          columns={columns(t('analytics.columns.machines'))}
          chart={byStatus(fleetRows, FLEET_COLORS)}
          empty={s.fleet.total === 0}
        />
        <ChartCard
          name="reports-this-month"
          title={t('analytics.charts.reportsThisMonth')}
          rows={reportRows}
          columns={columns(t('analytics.columns.reports'))}
          chart={byStatus(reportRows, REPORT_STATUS_COLORS)}
          empty={s.reportsThisMonth.total === 0}
        />
      </SimpleGrid>
    </Stack>
  );
}
