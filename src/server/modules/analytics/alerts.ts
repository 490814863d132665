import { sql } from 'drizzle-orm';
import { PENDING_ALERT_DAYS, type AnalyticsAlert } from '@/domain/analytics';
import { maintenanceDue } from '@/domain/maintenance';
import type { Executor } from '../../db/client';
import { num, rowsOf } from './sql';

/*
 * What needs attention now, each with the link of its record:
 *   - machines whose maintenance is overdue or due soon (src/domain/maintenance.ts, the same rules as the
 *     fleet list and the maintenance notifications);
 *   - reports submitted more than PENDING_ALERT_DAYS days ago and still waiting for approval;
 *   - conveyors whose latest logbook check says "not functional" (not cleared by a later check);
 *   - parts under their minimum stock.
 * Each kind lists at most ALERTS_PER_KIND records, the most urgent first.
 */

export const ALERTS_PER_KIND = 100;

export interface MaintenanceState {
  id: string;
  name: string;
  hoursUntil: number;
  overdue: boolean;
  dueSoon: boolean;
}

/** Every live machine's maintenance state by the shared rules, most urgent first. */
export async function maintenanceStates(db: Executor, intervalHours: number): Promise<MaintenanceState[]> {
  const rows = await rowsOf<{
    id: string;
    name: string;
    usage_hours: unknown;
    last_service_hours: unknown;
    next_inspection_hours: unknown;
  }>(
    db,
    sql`select id::text as id, name, usage_hours, last_service_hours, next_inspection_hours
        from excavators where deleted_at is null`,
  );
  const optional = (v: unknown) => (v === null || v === undefined ? null : num(v));
  return rows
    .map((row) => {
      const due = maintenanceDue(
        {
          usageHours: num(row.usage_hours),
          lastServiceHours: optional(row.last_service_hours),
          nextInspectionHours: optional(row.next_inspection_hours),
        },
        intervalHours,
      );
      const overdue = due.hoursUntil <= 0;
      return {
        id: row.id,
        name: row.name,
        hoursUntil: due.hoursUntil,
        overdue,
        dueSoon: !overdue && due.label !== 'ok',
      };
    })
    .sort((a, b) => a.hoursUntil - b.hoursUntil || a.name.localeCompare(b.name));
}

/**
 * Conveyors (by key, else name) whose newest check in a live logbook entry is "not functional": the
 * newest day of each conveyor in logbook_check_days holds that check (migration 0009).
 */
async function conveyorsDown(db: Executor): Promise<AnalyticsAlert[]> {
  const rows = await rowsOf<{ id: string; name: string; date: string; notes: string | null }>(
    db,
    sql`
      with latest as (
        select distinct on (key) last_entry_id::text as id, last_name as name, date::text as date,
          last_notes as notes, last_value as functional
        from logbook_check_days where kind = 'conveyor'
        order by key, date desc
      )
      select id, name, date, notes from latest where not functional order by date, name
      limit ${ALERTS_PER_KIND}`,
  );
  return rows.map((row) => ({
    kind: 'conveyorDown',
    recordId: row.id,
    link: `/betriebstagebuch?id=${row.id}`,
    name: row.name,
    date: row.date,
    notes: row.notes,
  }));
}

async function pendingReports(db: Executor, now: Date): Promise<AnalyticsAlert[]> {
  const cutoff = new Date(now.getTime() - PENDING_ALERT_DAYS * 86_400_000);
  const rows = await rowsOf<{
    id: string;
    name: string | null;
    report_date: string;
    submitted: Date | string;
  }>(
    db,
    sql`
      select r.id::text as id, e.name, r.report_date::text as report_date,
        coalesce(r.submitted_at, r.updated_at) as submitted
      from reports r left join excavators e on e.id = r.excavator_id
      where r.deleted_at is null and r.status = 'pending'
        and coalesce(r.submitted_at, r.updated_at) <= ${cutoff.toISOString()}::timestamptz
      order by submitted, r.id
      limit ${ALERTS_PER_KIND}`,
  );
  return rows.map((row) => {
    const submitted = new Date(row.submitted);
    return {
      kind: 'reportPending',
      recordId: row.id,
      link: `/reports?id=${row.id}`,
      name: row.name ?? '',
      reportDate: row.report_date,
      submittedAt: submitted.toISOString(),
      days: Math.floor((now.getTime() - submitted.getTime()) / 86_400_000),
    };
  });
}

async function lowStock(db: Executor): Promise<AnalyticsAlert[]> {
  const rows = await rowsOf<{ id: string; name: string; quantity: unknown; min_quantity: unknown }>(
    db,
    sql`select id::text as id, name, quantity, min_quantity from inventory_items
        where deleted_at is null and quantity < min_quantity
        order by quantity - min_quantity, name, id
        limit ${ALERTS_PER_KIND}`,
  );
  return rows.map((row) => ({
    kind: 'stockLow',
    recordId: row.id,
    link: `/inventory?id=${row.id}`,
    name: row.name,
    quantity: num(row.quantity),
    minQuantity: num(row.min_quantity),
  }));
}

export async function loadAlerts(db: Executor, now: Date, intervalHours: number): Promise<AnalyticsAlert[]> {
  const [machines, pending, conveyors, stock] = await Promise.all([
    maintenanceStates(db, intervalHours),
    pendingReports(db, now),
    conveyorsDown(db),
    lowStock(db),
  ]);
  const maintenance = (kind: 'maintenanceOverdue' | 'maintenanceDue'): AnalyticsAlert[] =>
    machines
      .filter((m) => (kind === 'maintenanceOverdue' ? m.overdue : m.dueSoon))
      .slice(0, ALERTS_PER_KIND)
      .map((m) => ({
        kind,
        recordId: m.id,
        link: `/excavators?id=${m.id}`,
        name: m.name,
        hoursUntil: m.hoursUntil,
      }));
  return [
    ...maintenance('maintenanceOverdue'),
    ...maintenance('maintenanceDue'),
    ...pending,
    ...conveyors,
    ...stock,
  ];
}

/**
 * Special checks (by key, else name) left open in the newest live logbook entry that lists them (the
 * newest day of each check in logbook_check_days).
 */
export async function openSpecialChecks(db: Executor): Promise<number> {
  const [row] = await rowsOf<{ n: unknown }>(
    db,
    sql`
      with latest as (
        select distinct on (key) last_value as open
        from logbook_check_days where kind = 'special'
        order by key, date desc
      )
      select count(*) filter (where open) as n from latest`,
  );
  return num(row?.n);
}
