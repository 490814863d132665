import { sql } from 'drizzle-orm';
import {
  analyticsWindow,
  type AnalyticsDetailed,
  type AnalyticsRange,
  type AnalyticsSummary,
} from '@/domain/analytics';
import { EXCAVATOR_STATUSES, type ExcavatorStatus } from '@/domain/excavator';
import { REPORT_STATUSES, type ReportStatus } from '@/domain/report-status';
import type { Executor } from '../../db/client';
import { loadServiceInterval } from '../excavators/data';
import { loadAlerts, maintenanceStates, openSpecialChecks } from './alerts';
import { checklistFailures, conveyorFailures, machinesMostFailed, usageHours } from './breakdowns';
import { approvalLeadTime, inventoryFigures, reportsByStatus } from './series';
import { fromCents, num, rowsOf } from './sql';

/*
 * Analytics: headline figures and the detailed view of a range. Everything is aggregated in
 * SQL over live rows (deleted_at is null), over the reports and logbook through the day totals the
 * database keeps of them (migration 0009); `now` is passed in so tests can fix the clock. "Today" and
 * "this month" are UTC calendar days.
 */

export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

function countsBy<K extends string>(
  keys: readonly K[],
  rows: ReadonlyArray<{ key: string; n: unknown }>,
): Record<K, number> {
  const out = Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
  for (const row of rows) if ((keys as readonly string[]).includes(row.key)) out[row.key as K] += num(row.n);
  return out;
}

const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);

export async function loadSummary(db: Executor, now: Date): Promise<AnalyticsSummary> {
  const today = utcDay(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  const [fleetRows, reportRows, [pending], [stock], machines, openChecks] = await Promise.all([
    rowsOf<{ key: string; n: unknown }>(
      db,
      sql`select status as key, count(*) as n from excavators where deleted_at is null group by status`,
    ),
    rowsOf<{ key: string; n: unknown }>(
      db,
      sql`select status as key, count(*) as n from reports
        where deleted_at is null and report_date between ${monthStart}::date and ${today}::date
        group by status`,
    ),
    rowsOf<{ reports: unknown; logbook: unknown }>(
      db,
      sql`select
          (select count(*) from reports where deleted_at is null and status = 'pending') as reports,
          (select count(*) from logbook_entries where deleted_at is null and status = 'pending') as logbook`,
    ),
    rowsOf<{ cents: unknown; items: unknown; low: unknown }>(
      db,
      sql`select coalesce(sum(quantity::bigint * coalesce(price_cents, 0)), 0) as cents, count(*) as items,
          count(*) filter (where quantity < min_quantity) as low
        from inventory_items where deleted_at is null`,
    ),
    loadServiceInterval(db).then((interval) => maintenanceStates(db, interval)),
    openSpecialChecks(db),
  ]);
  const fleet = countsBy<ExcavatorStatus>(EXCAVATOR_STATUSES, fleetRows);
  const reports = countsBy<ReportStatus>(REPORT_STATUSES, reportRows);
  const pendingReports = num(pending?.reports);
  const pendingLogbook = num(pending?.logbook);
  return {
    generatedAt: now.toISOString(),
    fleet: { total: sum(fleet), byStatus: fleet },
    reportsThisMonth: { total: sum(reports), byStatus: reports },
    pendingApprovals: {
      reports: pendingReports,
      logbook: pendingLogbook,
      total: pendingReports + pendingLogbook,
    },
    maintenance: {
      overdue: machines.filter((m) => m.overdue).length,
      dueSoon: machines.filter((m) => m.dueSoon).length,
    },
    openSpecialChecks: openChecks,
    inventory: { value: fromCents(stock?.cents), items: num(stock?.items), lowStock: num(stock?.low) },
  };
}

export async function loadDetailed(
  db: Executor,
  range: AnalyticsRange,
  now: Date,
): Promise<AnalyticsDetailed> {
  const w = analyticsWindow(range, utcDay(now));
  // Independent reads: on PostgreSQL they run side by side on the pool (PGlite queues them).
  const [byStatus, leadTime, checklist, machines, usage, conveyors, inventory, alerts] = await Promise.all([
    reportsByStatus(db, w),
    approvalLeadTime(db, w),
    checklistFailures(db, w),
    machinesMostFailed(db, w),
    usageHours(db, w),
    conveyorFailures(db, w),
    inventoryFigures(db, w),
    loadServiceInterval(db).then((interval) => loadAlerts(db, now, interval)),
  ]);
  return {
    generatedAt: now.toISOString(),
    range,
    unit: w.unit,
    from: w.from,
    to: w.to,
    reportsByStatus: byStatus,
    approvalLeadTime: leadTime,
    ...checklist,
    machinesMostFailed: machines,
    usageHours: usage,
    conveyorFailures: conveyors,
    inventory,
    alerts,
  };
}
