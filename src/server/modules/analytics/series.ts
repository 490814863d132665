import { sql } from 'drizzle-orm';
import type { AnalyticsDetailed, AnalyticsWindow } from '@/domain/analytics';
import { emptyStatusCounts } from '@/domain/dashboard';
import { REPORT_STATUSES, type ReportStatus } from '@/domain/report-status';
import type { Executor } from '../../db/client';
import { fillBuckets, fromCents, nextDay, num, roundOrNull, rowsOf } from './sql';

/*
 * The time series of the detailed analytics: one row per bucket from SQL, zero-filled here. A bucket
 * is the first day of its week (Monday) or month, as `YYYY-MM-DD`; dates are truncated as plain
 * timestamps (reports, logbook) or in UTC (timestamps), never in the session's time zone. Reports by
 * status sum the day totals in report_status_days (migration 0009).
 */

const bucketOf = (unit: string, timestamp: ReturnType<typeof sql>) =>
  sql`to_char(date_trunc(${unit}, ${timestamp}), 'YYYY-MM-DD')`;

export async function reportsByStatus(
  db: Executor,
  w: AnalyticsWindow,
): Promise<AnalyticsDetailed['reportsByStatus']> {
  const rows = await rowsOf<{ period: string; status: string; n: unknown }>(
    db,
    sql`
      select ${bucketOf(w.unit, sql`report_date::timestamp`)} as period, status, sum(reports) as n
      from report_status_days
      where report_date between ${w.from}::date and ${w.to}::date
      group by 1, 2`,
  );
  const byPeriod = new Map<string, Record<ReportStatus, number>>();
  for (const row of rows) {
    const counts = byPeriod.get(row.period) ?? emptyStatusCounts();
    if ((REPORT_STATUSES as readonly string[]).includes(row.status))
      counts[row.status as ReportStatus] += num(row.n);
    byPeriod.set(row.period, counts);
  }
  return w.buckets.map((period) => {
    const counts = byPeriod.get(period);
    const point = {
      period,
      unsigned: counts?.unsigned ?? 0,
      signed: counts?.signed ?? 0,
      pending: counts?.pending ?? 0,
      approved: counts?.approved ?? 0,
      rejected: counts?.rejected ?? 0,
    };
    return {
      ...point,
      total: point.unsigned + point.signed + point.pending + point.approved + point.rejected,
    };
  });
}

/** Hours from submission to approval of the reports approved in the range: per bucket and overall. */
export async function approvalLeadTime(
  db: Executor,
  w: AnalyticsWindow,
): Promise<AnalyticsDetailed['approvalLeadTime']> {
  const rows = await rowsOf<{ period: string | null; n: unknown; median: unknown; p90: unknown }>(
    db,
    sql`
      with d as (
        select ${bucketOf(w.unit, sql`(approved_at at time zone 'UTC')`)} as period,
          extract(epoch from (approved_at - submitted_at)) / 3600.0 as hours
        from reports
        where deleted_at is null and approved_at is not null and submitted_at is not null
          and approved_at >= (${w.from}::date::timestamp at time zone 'UTC')
          and approved_at < (${nextDay(w.to)}::date::timestamp at time zone 'UTC')
      )
      select period, count(*) as n,
        percentile_cont(0.5) within group (order by hours) as median,
        percentile_cont(0.9) within group (order by hours) as p90
      from d
      group by grouping sets ((period), ())`,
  );
  const total = rows.find((row) => row.period === null);
  const perPeriod = rows.filter((row): row is typeof row & { period: string } => row.period !== null);
  return {
    count: num(total?.n),
    medianHours: roundOrNull(total?.median, 1),
    p90Hours: roundOrNull(total?.p90, 1),
    series: fillBuckets(w.buckets, perPeriod, (period, row) => ({
      period,
      count: num(row?.n),
      medianHours: roundOrNull(row?.median, 1),
      p90Hours: roundOrNull(row?.p90, 1),
    })),
  };
}

/** Units taken out of stock (negative adjustments in the audit log) and their value at today's prices. */
export async function inventoryFigures(
  db: Executor,
  w: AnalyticsWindow,
): Promise<AnalyticsDetailed['inventory']> {
  const [value] = await rowsOf<{ cents: unknown }>(
    db,
    sql`select coalesce(sum(quantity::bigint * coalesce(price_cents, 0)), 0) as cents
        from inventory_items where deleted_at is null`,
  );
  const rows = await rowsOf<{ period: string; units: unknown; cents: unknown }>(
    db,
    sql`
      with a as (
        select ${bucketOf(w.unit, sql`(l.at at time zone 'UTC')`)} as period,
          -((l.changes->>'delta')::int) as units, coalesce(i.price_cents, 0) as price
        from audit_log l
        left join inventory_items i on i.id::text = l.entity_id
        where l.action = 'inventory.adjust' and l.entity = 'inventory'
          and l.at >= (${w.from}::date::timestamp at time zone 'UTC')
          and l.at < (${nextDay(w.to)}::date::timestamp at time zone 'UTC')
          and jsonb_typeof(l.changes->'delta') = 'number' and (l.changes->>'delta')::int < 0
      )
      select period, sum(units) as units, sum(units::bigint * price) as cents from a group by period`,
  );
  const consumption = fillBuckets(w.buckets, rows, (period, row) => ({
    period,
    units: num(row?.units),
    value: fromCents(row?.cents),
  }));
  return {
    value: fromCents(value?.cents),
    consumedUnits: consumption.reduce((sum, p) => sum + p.units, 0),
    consumedValue: fromCents(rows.reduce((sum, row) => sum + num(row.cents), 0)),
    consumption,
  };
}
