import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { DISPO_STATUSES } from './constants';
import { calendarDate, timeZoneSchema } from './fields';

/*
 * The week board (`/overview?from=&tz=`) and the dashboard (`/dashboard?date=&tz=`) below
 * /api/containers. Both take the viewer's IANA time zone for "today" (DISPO_DEFAULT_TIME_ZONE when
 * omitted).
 */

export const dispoOverviewQuerySchema = lazySchema(() =>
  z.object({
    /** First day; today in `tz` when omitted. */
    from: calendarDate('From').optional(),
    /** IANA zone of the viewer. */
    tz: timeZoneSchema,
  }),
);

const boardAssignmentSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    version: z.number().int(),
    status: z.enum(DISPO_STATUSES),
    truckId: z.string().nullable(),
    licensePlate: z.string().nullable(),
    rounds: z.number().int(),
    roundsDone: z.number().int(),
    /** Sum of quantities over every round. */
    containers: z.number().int(),
  }),
);
export type BoardAssignment = z.infer<typeof boardAssignmentSchema>;

/** The next DISPO_UPCOMING_DAYS days by driver: every active driver, and inactive ones with work. */
export const dispoOverviewSchema = lazySchema(() =>
  z.object({
    from: z.string(),
    to: z.string(),
    timeZone: z.string(),
    dates: z.array(z.string()),
    drivers: z.array(
      z.object({
        driver: z.object({ id: z.string(), name: z.string(), active: z.boolean() }),
        days: z.array(z.object({ date: z.string(), assignments: z.array(boardAssignmentSchema) })),
      }),
    ),
  }),
);
export type DispoOverview = z.infer<typeof dispoOverviewSchema>;

export const dispoDashboardQuerySchema = lazySchema(() =>
  z.object({
    /** "Today"; today in `tz` when omitted. */
    date: calendarDate('Date').optional(),
    tz: timeZoneSchema,
  }),
);

/**
 * The dispatcher's dashboard. Drafts count as planned work: `todayRounds` and `containersThisWeek`
 * include draft and published assignments; a driver with only a draft today has an assignment.
 */
export const dispoDashboardSchema = lazySchema(() =>
  z.object({
    date: z.string(),
    timeZone: z.string(),
    /** Monday to Sunday holding `date`. */
    week: z.object({ from: z.string(), to: z.string() }),
    todayRounds: z.array(
      z.object({
        assignmentId: z.string(),
        status: z.enum(DISPO_STATUSES),
        driverId: z.string(),
        driverName: z.string(),
        licensePlate: z.string().nullable(),
        /** 0-based position in the assignment. */
        index: z.number().int(),
        notes: z.string().nullable(),
        done: z.boolean(),
        containers: z.number().int(),
      }),
    ),
    /** Every live container type; a swap counts as placed and picked up. */
    containersThisWeek: z.array(
      z.object({
        containerTypeId: z.string(),
        name: z.string(),
        volume: z.number(),
        placed: z.number().int(),
        pickedUp: z.number().int(),
      }),
    ),
    driversWithoutAssignment: z.array(
      z.object({ id: z.string(), name: z.string(), phone: z.string().nullable() }),
    ),
  }),
);
export type DispoDashboard = z.infer<typeof dispoDashboardSchema>;
