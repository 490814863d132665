import { and, asc, count, desc, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import {
  DASHBOARD_MAINTENANCE_LIMIT,
  DASHBOARD_TOP_LIMIT,
  rangeDays,
  reportsTrendOf,
  type Dashboard,
  type DashboardQuery,
  type FleetStatusCounts,
  type MaintenanceItem,
} from '@/domain/dashboard';
import { todayIn } from '@/domain/dispo/dates';
import { EXCAVATOR_STATUSES, type ExcavatorStatus } from '@/domain/excavator';
import { isFeatureEnabled, type FeatureMap } from '@/domain/features';
import { MAINTENANCE_SOON_RATIO, maintenanceDue, nextMaintenanceAt } from '@/domain/maintenance';
import { can, type Actor } from '@/domain/permissions';
import type { Executor } from '../../db/client';
import { excavators, reportMachineDays, reportStatusDays } from '../../db/schema';
import { loadServiceInterval } from '../excavators/data';
import { loadRecentActivity } from './activity';

/*
 * The dashboard's aggregates. Fleet figures read the live excavators (deleted_at is null):
 * the fleet is small (hundreds of machines), so the top list and the maintenance candidates scan them.
 * Report figures sum the day totals the database keeps of the live reports (migration 0009): per date
 * and status (report_status_days: the trend) and per date and machine (report_machine_days: reports per
 * top machine), a few rows per day whatever the number of reports. Activity: audit_at_idx.
 */

const live = isNull(excavators.deletedAt);

const asStatus = (s: string): ExcavatorStatus =>
  (EXCAVATOR_STATUSES as readonly string[]).includes(s) ? (s as ExcavatorStatus) : 'operational';

export async function loadFleetStatus(executor: Executor): Promise<FleetStatusCounts> {
  const rows = await executor
    .select({ status: excavators.status, n: count() })
    .from(excavators)
    .where(live)
    .groupBy(excavators.status);
  const out: FleetStatusCounts = { operational: 0, maintenance: 0, out_of_service: 0, total: 0 };
  for (const row of rows) {
    out[asStatus(row.status)] += row.n;
    out.total += row.n;
  }
  return out;
}

export async function loadTopExcavators(executor: Executor, from: string, to: string) {
  const top = await executor
    .select({
      id: excavators.id,
      name: excavators.name,
      model: excavators.model,
      status: excavators.status,
      usageHours: excavators.usageHours,
    })
    .from(excavators)
    .where(live)
    .orderBy(desc(excavators.usageHours), asc(excavators.name), asc(excavators.id))
    .limit(DASHBOARD_TOP_LIMIT);
  const counts = new Map<string, number>();
  if (top.length) {
    const rows = await executor
      .select({
        id: reportMachineDays.excavatorId,
        n: sql<number>`sum(${reportMachineDays.reports})`.mapWith(Number),
      })
      .from(reportMachineDays)
      .where(
        and(
          inArray(
            reportMachineDays.excavatorId,
            top.map((e) => e.id),
          ),
          gte(reportMachineDays.reportDate, from),
          lte(reportMachineDays.reportDate, to),
        ),
      )
      .groupBy(reportMachineDays.excavatorId);
    for (const row of rows) counts.set(row.id, row.n);
  }
  return {
    metric: 'usageHours' as const,
    items: top.map((e) => ({ ...e, status: asStatus(e.status), reportsInRange: counts.get(e.id) ?? 0 })),
  };
}

export async function loadReportsTrend(executor: Executor, days: string[]) {
  const from = days[0]!;
  const to = days[days.length - 1]!;
  const rows = await executor
    .select({
      date: reportStatusDays.reportDate,
      status: reportStatusDays.status,
      count: reportStatusDays.reports,
    })
    .from(reportStatusDays)
    .where(and(gte(reportStatusDays.reportDate, from), lte(reportStatusDays.reportDate, to)));
  return reportsTrendOf(days, rows);
}

/**
 * Machines due for maintenance by the shared rules. SQL narrows to the candidates within the 'soon'
 * window (the same formula as nextMaintenanceAt, with 0.05 h slack for its rounding); the labels come
 * from maintenanceDue itself.
 */
export async function loadUpcomingMaintenance(executor: Executor) {
  const interval = await loadServiceInterval(executor);
  const i = sql`${interval}::double precision`;
  const due = sql`coalesce(${excavators.nextInspectionHours}, ${excavators.lastServiceHours} + ${i},
    (floor(greatest(${excavators.usageHours}, 0) / ${i}) + 1) * ${i})`;
  const rows = await executor
    .select({
      id: excavators.id,
      name: excavators.name,
      status: excavators.status,
      usageHours: excavators.usageHours,
      nextInspectionHours: excavators.nextInspectionHours,
      lastServiceHours: excavators.lastServiceHours,
    })
    .from(excavators)
    .where(and(live, sql`${due} - ${excavators.usageHours} <= ${interval * MAINTENANCE_SOON_RATIO + 0.05}`));
  const items: MaintenanceItem[] = [];
  for (const row of rows) {
    const { hoursUntil, label } = maintenanceDue(row, interval);
    if (label === 'ok') continue;
    items.push({
      id: row.id,
      name: row.name,
      status: asStatus(row.status),
      usageHours: row.usageHours,
      dueAtHours: nextMaintenanceAt(row, interval),
      hoursUntil,
      label,
    });
  }
  items.sort((a, b) => a.hoursUntil - b.hoursUntil || a.name.localeCompare(b.name));
  return {
    intervalHours: interval,
    urgent: items.filter((m) => m.label === 'urgent').length,
    soon: items.filter((m) => m.label === 'soon').length,
    items: items.slice(0, DASHBOARD_MAINTENANCE_LIMIT),
  };
}

/** The whole dashboard for a viewer: sections they may not see (role, feature flag) are null. */
export async function loadDashboard(
  executor: Executor,
  actor: Actor,
  features: FeatureMap,
  query: DashboardQuery,
  now: Date = new Date(),
): Promise<Dashboard> {
  const to = todayIn(query.tz, now);
  const days = rangeDays(to, query.range);
  const from = days[0]!;
  const fleetVisible = can(actor, 'fleet:read') && isFeatureEnabled(features, 'excavators');
  const reportsVisible = can(actor, 'report:read') && isFeatureEnabled(features, 'reports');
  const [fleet, topExcavators, reportsTrend, upcomingMaintenance, recentActivity] = await Promise.all([
    fleetVisible ? loadFleetStatus(executor) : null,
    fleetVisible ? loadTopExcavators(executor, from, to) : null,
    reportsVisible ? loadReportsTrend(executor, days) : null,
    fleetVisible ? loadUpcomingMaintenance(executor) : null,
    loadRecentActivity(executor, actor, features),
  ]);
  return {
    range: query.range,
    from,
    to,
    timeZone: query.tz,
    generatedAt: now.toISOString(),
    fleet,
    topExcavators,
    reportsTrend,
    recentActivity,
    upcomingMaintenance,
  };
}
