import { z } from 'zod';
import { lazySchema } from './lazy-schema';
import { EXCAVATOR_STATUSES } from './excavator';
import { isTimeZone } from './format';
import { REPORT_STATUSES } from './report-status';
import { DASHBOARD_RANGES, type DashboardRange } from './constants';

/*
 * The dashboard: GET /api/dashboard?range=7|30|90&tz=… aggregates on the server.
 *
 * - `fleet`: live excavators per status.
 * - `topExcavators`: the machines with the most usage hours (metric 'usageHours'), each with its number
 *   of reports in the range.
 * - `reportsTrend`: reports per report date in the range (today and the range − 1 days before, in the
 *   viewer's time zone `tz`), split by status; days without reports are listed with zeros.
 * - `recentActivity`: the newest audit records the viewer may see, as parts of a sentence (the client
 *   words it in its language and links `entity` + `entityId`).
 * - `upcomingMaintenance`: machines labelled 'urgent' or 'soon' by the shared rules (maintenance.ts).
 * A section the viewer may not see (role or feature flag) is null.
 */

export { DASHBOARD_RANGES, type DashboardRange };
export const DEFAULT_DASHBOARD_RANGE: DashboardRange = 7;
/** How many machines the top list and the maintenance list show, and how many activity entries. */
export const DASHBOARD_TOP_LIMIT = 5;
export const DASHBOARD_MAINTENANCE_LIMIT = 8;
export const DASHBOARD_ACTIVITY_LIMIT = 10;
/** Dispo overview on a dispatcher's dashboard: today and the next days. */
export const DASHBOARD_DISPO_DAYS = 7;

export const dashboardQuerySchema = lazySchema(() =>
  z.object({
    range: z
      .enum(['7', '30', '90'], { error: 'Range must be 7, 30 or 90' })
      .default('7')
      .transform((v) => Number(v) as DashboardRange),
    /** IANA time zone of the viewer: which day is "today". UTC when omitted. */
    tz: z
      .string()
      .trim()
      .max(64)
      .refine(isTimeZone, 'Unknown time zone')
      .optional()
      .transform((v) => v ?? 'UTC'),
  }),
);
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

export const fleetStatusSchema = lazySchema(() =>
  z.object({
    operational: z.number().int(),
    maintenance: z.number().int(),
    out_of_service: z.number().int(),
    total: z.number().int(),
  }),
);
export type FleetStatusCounts = z.infer<typeof fleetStatusSchema>;

export const topExcavatorSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    model: z.string(),
    status: z.enum(EXCAVATOR_STATUSES),
    usageHours: z.number(),
    /** Reports on this machine dated in the range. */
    reportsInRange: z.number().int(),
  }),
);
export type TopExcavator = z.infer<typeof topExcavatorSchema>;

const statusCounts = lazySchema(() =>
  z.object(
    Object.fromEntries(REPORT_STATUSES.map((s) => [s, z.number().int()])) as Record<
      (typeof REPORT_STATUSES)[number],
      z.ZodNumber
    >,
  ),
);
export type ReportStatusCounts = z.infer<typeof statusCounts>;

export const reportsDaySchema = lazySchema(() =>
  statusCounts.extend({ date: z.string(), total: z.number().int() }),
);
export type ReportsDay = z.infer<typeof reportsDaySchema>;

export const ACTIVITY_VERBS = [
  'create',
  'update',
  'delete',
  'submit',
  'approve',
  'reject',
  'sign',
  'unsign',
  'adjust',
  'import',
  'publish',
  'other',
] as const;
export type ActivityVerb = (typeof ACTIVITY_VERBS)[number];

export const ACTIVITY_ENTITIES = [
  'excavator',
  'report',
  'logbook',
  'inventory',
  'dispoAssignment',
  'user',
  'settings',
] as const;
export type ActivityEntity = (typeof ACTIVITY_ENTITIES)[number];

export const activityEntrySchema = lazySchema(() =>
  z.object({
    id: z.string(),
    at: z.string(),
    verb: z.enum(ACTIVITY_VERBS),
    /** The audit record's own action, e.g. 'report.approve'. */
    action: z.string(),
    entity: z.enum(ACTIVITY_ENTITIES),
    entityId: z.string().nullable(),
    /** What the record names: a machine's name, an item's name, a report's machine, a log entry's date. */
    subject: z.string().nullable(),
    /** False when the record has been deleted since: nothing to link to. */
    exists: z.boolean(),
    userId: z.string().nullable(),
    /** The user's name, else username; null for the system. */
    userName: z.string().nullable(),
  }),
);
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const maintenanceItemSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    status: z.enum(EXCAVATOR_STATUSES),
    usageHours: z.number(),
    /** The usage-hours reading at which the next maintenance is due. */
    dueAtHours: z.number(),
    hoursUntil: z.number(),
    label: z.enum(['urgent', 'soon']),
  }),
);
export type MaintenanceItem = z.infer<typeof maintenanceItemSchema>;

export const dashboardSchema = lazySchema(() =>
  z.object({
    range: z.number().int(),
    /** First and last day of the range (YYYY-MM-DD, inclusive) in `timeZone`. */
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    generatedAt: z.string(),
    fleet: fleetStatusSchema.nullable(),
    topExcavators: z
      .object({ metric: z.literal('usageHours'), items: z.array(topExcavatorSchema) })
      .nullable(),
    reportsTrend: z.object({ days: z.array(reportsDaySchema), totals: statusCounts }).nullable(),
    recentActivity: z.array(activityEntrySchema),
    upcomingMaintenance: z
      .object({
        intervalHours: z.number(),
        urgent: z.number().int(),
        soon: z.number().int(),
        items: z.array(maintenanceItemSchema),
      })
      .nullable(),
  }),
);
export type Dashboard = z.infer<typeof dashboardSchema>;

const DAY_MS = 86_400_000;

/** The calendar days from `to − (range − 1)` to `to`, oldest first. */
export function rangeDays(to: string, range: number): string[] {
  const end = Date.parse(`${to}T00:00:00Z`);
  return Array.from({ length: range }, (_, i) =>
    new Date(end - (range - 1 - i) * DAY_MS).toISOString().slice(0, 10),
  );
}

export function emptyStatusCounts(): ReportStatusCounts {
  return Object.fromEntries(REPORT_STATUSES.map((s) => [s, 0])) as ReportStatusCounts;
}

/**
 * Reports per day by status over `days` (the server's answer and the client's offline trend share it).
 */
export function reportsTrendOf(
  days: readonly string[],
  rows: Iterable<{ date: string; status: string; count: number }>,
): { days: ReportsDay[]; totals: ReportStatusCounts } {
  const byDay = new Map(days.map((d) => [d, { date: d, total: 0, ...emptyStatusCounts() } as ReportsDay]));
  const totals = emptyStatusCounts();
  for (const row of rows) {
    const day = byDay.get(row.date);
    if (!day || !(REPORT_STATUSES as readonly string[]).includes(row.status)) continue;
    const status = row.status as keyof ReportStatusCounts;
    day[status] += row.count;
    day.total += row.count;
    totals[status] += row.count;
  }
  return { days: [...byDay.values()], totals };
}
