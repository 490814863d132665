import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { EXCAVATOR_STATUSES } from './excavator';
import { REPORT_STATUSES } from './report-status';
import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE, type AnalyticsRange } from './constants';

/*
 * Analytics and insights. Read-only figures computed on the server
 * (src/server/modules/analytics) from the live rows of excavators, reports, logbook and inventory.
 *
 * Ranges are whole calendar periods in UTC that end with the current one:
 *   1month  → 5 weeks (the current ISO week and the 4 before it), bucketed per week (Monday);
 *   3months → 13 weeks, per week;
 *   6months → 6 months (the current month and the 5 before it), per month (the default);
 *   1year   → 12 months, per month.
 * Every series has one point per bucket, zero-filled. Reports count by `reportDate`, logbook entries
 * by `date`, approvals by `approvedAt`, stock consumption by the time of the adjustment.
 */

export { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE, type AnalyticsRange };

export type AnalyticsUnit = 'week' | 'month';
export const ANALYTICS_BUCKETS: Record<AnalyticsRange, { unit: AnalyticsUnit; count: number }> = {
  '1month': { unit: 'week', count: 5 },
  '3months': { unit: 'week', count: 13 },
  '6months': { unit: 'month', count: 6 },
  '1year': { unit: 'month', count: 12 },
};

/** A submitted report waiting longer than this many days is an alert. */
export const PENDING_ALERT_DAYS = 3;
/** How many machines the "most failed items" list shows. */
export const TOP_MACHINES = 10;

export const RANGE_MESSAGE = 'Range must be 1month, 3months, 6months or 1year';

export const analyticsQuerySchema = lazySchema(() =>
  z.object({
    range: z.enum(ANALYTICS_RANGES, { error: RANGE_MESSAGE }).default(DEFAULT_ANALYTICS_RANGE),
  }),
);

const count = lazySchema(() => z.number().int().nonnegative());
/** A translated label as stored with a checklist (`{ de: '…', en: '…' }`), when one is known. */
const labelSchema = lazySchema(() => z.record(z.string(), z.string()).nullable());

/** A count for each of `statuses`. */
const countPerStatus = <const S extends readonly string[]>(statuses: S) =>
  z.object(Object.fromEntries(statuses.map((s) => [s, count])) as Record<S[number], typeof count>);

export const analyticsSummarySchema = lazySchema(() =>
  z.object({
    generatedAt: z.string(),
    fleet: z.object({
      total: count,
      byStatus: countPerStatus(EXCAVATOR_STATUSES),
    }),
    reportsThisMonth: z.object({
      total: count,
      byStatus: countPerStatus(REPORT_STATUSES),
    }),
    /** Reports and logbook entries waiting for a manager's approval. */
    pendingApprovals: z.object({ reports: count, logbook: count, total: count }),
    /** Machines past their maintenance (domain maintenance rules) and those due soon. */
    maintenance: z.object({ overdue: count, dueSoon: count }),
    /** Special checks left open in the latest logbook entry that lists them. */
    openSpecialChecks: count,
    /** Stock value (a decimal amount; parts without price count 0), item count, items under minimum. */
    inventory: z.object({ value: z.number(), items: count, lowStock: count }),
  }),
);
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

export const reportsSeriesPointSchema = lazySchema(() =>
  z.object({
    period: z.string(),
    unsigned: count,
    signed: count,
    pending: count,
    approved: count,
    rejected: count,
    total: count,
  }),
);
export type ReportsSeriesPoint = z.infer<typeof reportsSeriesPointSchema>;

export const leadTimePointSchema = lazySchema(() =>
  z.object({
    period: z.string(),
    count,
    medianHours: z.number().nullable(),
    p90Hours: z.number().nullable(),
  }),
);

export const checklistCategoryStatSchema = lazySchema(() =>
  z.object({
    category: z.string(),
    label: labelSchema,
    checked: count,
    failed: count,
    /** failed / checked (ok + not ok; n/a left out), 0…1, rounded to 0.001. */
    failureRate: z.number(),
  }),
);
export const checklistItemStatSchema = lazySchema(() =>
  checklistCategoryStatSchema.extend({
    item: z.string(),
    categoryLabel: labelSchema,
  }),
);

export const machineFailuresSchema = lazySchema(() =>
  z.object({
    excavatorId: z.string(),
    name: z.string(),
    failed: count,
    reports: count,
  }),
);
export const machineUsageSchema = lazySchema(() =>
  z.object({
    excavatorId: z.string(),
    name: z.string(),
    /** The machine's current reading. */
    usageHours: z.number(),
    /** Highest minus lowest operating-hours reading of its reports in the range. */
    hoursInRange: z.number(),
    reports: count,
  }),
);
export const conveyorFailuresSchema = lazySchema(() =>
  z.object({
    conveyor: z.string(),
    name: z.string(),
    checks: count,
    failures: count,
  }),
);
export const consumptionPointSchema = lazySchema(() =>
  z.object({
    period: z.string(),
    /** Units taken out of stock (negative adjustments). */
    units: count,
    /** Their value at today's prices (decimal amount). */
    value: z.number(),
  }),
);

export const analyticsAlertSchema = lazySchema(() => {
  const alertBase = { recordId: z.string(), link: z.string() };
  return z.discriminatedUnion('kind', [
    z.object({
      kind: z.literal('maintenanceOverdue'),
      ...alertBase,
      name: z.string(),
      hoursUntil: z.number(),
    }),
    z.object({ kind: z.literal('maintenanceDue'), ...alertBase, name: z.string(), hoursUntil: z.number() }),
    z.object({
      kind: z.literal('reportPending'),
      ...alertBase,
      name: z.string(),
      reportDate: z.string(),
      submittedAt: z.string(),
      days: count,
    }),
    z.object({
      kind: z.literal('conveyorDown'),
      ...alertBase,
      name: z.string(),
      date: z.string(),
      notes: z.string().nullable(),
    }),
    z.object({
      kind: z.literal('stockLow'),
      ...alertBase,
      name: z.string(),
      quantity: count,
      minQuantity: count,
    }),
  ]);
});
export type AnalyticsAlert = z.infer<typeof analyticsAlertSchema>;
export type AnalyticsAlertKind = AnalyticsAlert['kind'];

export const analyticsDetailedSchema = lazySchema(() =>
  z.object({
    generatedAt: z.string(),
    range: z.enum(ANALYTICS_RANGES),
    unit: z.enum(['week', 'month']),
    /** First day of the first bucket and today (inclusive), `YYYY-MM-DD`. */
    from: z.string(),
    to: z.string(),
    reportsByStatus: z.array(reportsSeriesPointSchema),
    approvalLeadTime: z.object({
      count,
      medianHours: z.number().nullable(),
      p90Hours: z.number().nullable(),
      series: z.array(leadTimePointSchema),
    }),
    checklistCategories: z.array(checklistCategoryStatSchema),
    checklistItems: z.array(checklistItemStatSchema),
    machinesMostFailed: z.array(machineFailuresSchema),
    usageHours: z.array(machineUsageSchema),
    conveyorFailures: z.array(conveyorFailuresSchema),
    inventory: z.object({
      value: z.number(),
      consumedUnits: count,
      consumedValue: z.number(),
      consumption: z.array(consumptionPointSchema),
    }),
    alerts: z.array(analyticsAlertSchema),
  }),
);
export type AnalyticsDetailed = z.infer<typeof analyticsDetailedSchema>;

export interface AnalyticsWindow {
  unit: AnalyticsUnit;
  /** First day of every bucket, oldest first (`YYYY-MM-DD`). */
  buckets: string[];
  /** First day of the first bucket. */
  from: string;
  /** The last day counted: today. */
  to: string;
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The buckets of a range that ends with the period containing `today` (`YYYY-MM-DD`, UTC). */
export function analyticsWindow(range: AnalyticsRange, today: string): AnalyticsWindow {
  const { unit, count: n } = ANALYTICS_BUCKETS[range];
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const buckets: string[] = [];
  if (unit === 'week') {
    const day = new Date(Date.UTC(y, m - 1, d));
    const monday = Date.UTC(y, m - 1, d - ((day.getUTCDay() + 6) % 7));
    for (let i = n - 1; i >= 0; i--) buckets.push(isoDay(new Date(monday - i * 7 * 86_400_000)));
  } else {
    for (let i = n - 1; i >= 0; i--) buckets.push(isoDay(new Date(Date.UTC(y, m - 1 - i, 1))));
  }
  return { unit, buckets, from: buckets[0]!, to: today };
}
