import {
  DASHBOARD_MAINTENANCE_LIMIT,
  DASHBOARD_TOP_LIMIT,
  rangeDays,
  reportsTrendOf,
  type ActivityEntry,
  type Dashboard,
  type DashboardRange,
  type FleetStatusCounts,
  type MaintenanceItem,
} from '@/domain/dashboard';
import { EXCAVATOR_STATUSES, type ExcavatorStatus } from '@/domain/excavator';
import { maintenanceDue, nextMaintenanceAt } from '@/domain/maintenance';
import type { SyncedRow } from '@/client/offline/types';

/** What the tiles show: the server's answer, or one computed from this device's mirror (offline). */
export interface DashboardView extends Pick<
  Dashboard,
  'range' | 'from' | 'to' | 'fleet' | 'topExcavators' | 'reportsTrend' | 'upcomingMaintenance'
> {
  /** Null offline: the audit log lives on the server only. */
  recentActivity: ActivityEntry[] | null;
  source: 'server' | 'device';
}

export function fromServer(d: Dashboard): DashboardView {
  return { ...d, source: 'server' };
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const asStatus = (v: unknown): ExcavatorStatus =>
  typeof v === 'string' && (EXCAVATOR_STATUSES as readonly string[]).includes(v)
    ? (v as ExcavatorStatus)
    : 'operational';

export interface MirrorInput {
  excavators: readonly SyncedRow[] | null;
  reports: readonly SyncedRow[] | null;
  range: DashboardRange;
  today: string;
  intervalHours: number;
}

/**
 * The dashboard from the mirrored excavators and reports, with the server's rules (maintenance.ts,
 * reportsTrendOf): fleet status, top machines by usage hours, the trend and upcoming maintenance.
 * A collection that is not mirrored (null) leaves its sections null.
 */
export function dashboardFromMirror({
  excavators,
  reports,
  range,
  today,
  intervalHours,
}: MirrorInput): DashboardView {
  const days = rangeDays(today, range);
  const from = days[0]!;
  const liveReports = (reports ?? []).filter((r) => !r.deletedAt);
  const machines = (excavators ?? [])
    .filter((e) => !e.deletedAt)
    .map((e) => ({
      id: e.id,
      name: text(e.name),
      model: text(e.model),
      status: asStatus(e.status),
      usageHours: num(e.usageHours) ?? 0,
      lastServiceHours: num(e.lastServiceHours),
      nextInspectionHours: num(e.nextInspectionHours),
    }));

  let fleet: FleetStatusCounts | null = null;
  let topExcavators: DashboardView['topExcavators'] = null;
  let upcomingMaintenance: DashboardView['upcomingMaintenance'] = null;
  if (excavators) {
    fleet = { operational: 0, maintenance: 0, out_of_service: 0, total: machines.length };
    for (const m of machines) fleet[m.status] += 1;

    const inRange = new Map<string, number>();
    for (const r of liveReports) {
      const date = text(r.reportDate);
      if (date >= from && date <= today)
        inRange.set(text(r.excavatorId), (inRange.get(text(r.excavatorId)) ?? 0) + 1);
    }
    const top = [...machines]
      .sort((a, b) => b.usageHours - a.usageHours || a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
      .slice(0, DASHBOARD_TOP_LIMIT);
    topExcavators = {
      metric: 'usageHours',
      items: top.map((m) => ({
        id: m.id,
        name: m.name,
        model: m.model,
        status: m.status,
        usageHours: m.usageHours,
        reportsInRange: inRange.get(m.id) ?? 0,
      })),
    };

    const due: MaintenanceItem[] = [];
    for (const m of machines) {
      const { hoursUntil, label } = maintenanceDue(m, intervalHours);
      if (label === 'ok') continue;
      const { id, name, status, usageHours } = m;
      due.push({
        id,
        name,
        status,
        usageHours,
        dueAtHours: nextMaintenanceAt(m, intervalHours),
        hoursUntil,
        label,
      });
    }
    due.sort((a, b) => a.hoursUntil - b.hoursUntil || a.name.localeCompare(b.name));
    upcomingMaintenance = {
      intervalHours,
      urgent: due.filter((m) => m.label === 'urgent').length,
      soon: due.filter((m) => m.label === 'soon').length,
      items: due.slice(0, DASHBOARD_MAINTENANCE_LIMIT),
    };
  }

  const counts = new Map<string, { date: string; status: string; count: number }>();
  for (const r of liveReports) {
    const key = `${text(r.reportDate)}|${text(r.status)}`;
    const row = counts.get(key) ?? { date: text(r.reportDate), status: text(r.status), count: 0 };
    row.count += 1;
    counts.set(key, row);
  }
  return {
    range,
    from,
    to: today,
    fleet,
    topExcavators,
    reportsTrend: reports ? reportsTrendOf(days, counts.values()) : null,
    upcomingMaintenance,
    recentActivity: null,
    source: 'device',
  };
}
