import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import { DEFAULT_LIMIT, DEFAULT_PAGE, MAX_LIMIT } from '../constants';
import { syncedMetaSchema } from '../sync';
import type { DispoRoundInput } from './assignment-input';
import { dispoChangeSchema } from './changes';
import { DISPO_OPERATIONS, DISPO_STATUSES } from './constants';
import { calendarDate, id, listOf } from './fields';

/*
 * Assignments: what a dispatcher plans for a driver and a date, published to the driver's tablet.
 *
 * API below /api/containers/assignments, behind the `containers` flag; the synced collection
 * 'dispoAssignments'. PUT /{id} and DELETE /{id} honour If-Match; `PUT /{id}/publish`;
 * `PUT /{id}/rounds/{index}/done` {done} for the linked driver of a published assignment (and
 * dispatchers). `status` and `issuedBy` are set by the server: a new assignment is a draft, publishing
 * makes it published for good; a later change of a published assignment notifies the driver again and is
 * recorded in `lastChange`.
 *
 * Who sees which assignment (REST and the sync pull alike): 'dispo:write' roles (admin, manager, dispo)
 * see all; any other role with 'dispo:read' (operator) sees only the PUBLISHED assignments of the
 * drivers linked to their own account — that is the driver's tablet; an operator who drives nothing
 * sees an empty list next to the "managed by your dispatcher" note. The tablet mirrors what it may see
 * (SYNC_COLLECTIONS) and opens the sheet without signal; its ticks go through the outbox.
 */

export const dispoItemSchema = lazySchema(() =>
  z.object({
    containerTypeId: z.string(),
    quantity: z.number().int(),
    operation: z.enum(DISPO_OPERATIONS),
    /** The type as it is now, for display; null if it cannot be read. */
    containerType: z.object({ name: z.string(), volume: z.number() }).nullable(),
  }),
);
export type DispoItem = z.infer<typeof dispoItemSchema>;

export const dispoRoundSchema = lazySchema(() =>
  z.object({
    notes: z.string().nullable(),
    done: z.boolean(),
    items: z.array(dispoItemSchema),
  }),
);
export type DispoRound = z.infer<typeof dispoRoundSchema>;

/** An assignment as the API returns it (list items, single reads, pull `data`): self-contained for the sheet. */
export const assignmentSchema = lazySchema(() =>
  syncedMetaSchema.extend({
    date: z.string(),
    driverId: z.string(),
    truckId: z.string().nullable(),
    rounds: z.array(dispoRoundSchema),
    generalNotes: z.string().nullable(),
    status: z.enum(DISPO_STATUSES),
    /** The dispatcher who created it (user id). */
    issuedBy: z.string().nullable(),
    issuedByName: z.string().nullable(),
    publishedAt: z.string().nullable(),
    driver: z
      .object({
        id: z.string(),
        name: z.string(),
        phone: z.string().nullable(),
        userId: z.string().nullable(),
      })
      .nullable(),
    truck: z
      .object({
        id: z.string(),
        licensePlate: z.string(),
        type: z.string().nullable(),
        capacity: z.number().nullable(),
      })
      .nullable(),
    /** The latest change after publishing: what the driver was told. */
    lastChange: z
      .object({ at: z.string(), by: z.string().nullable(), changes: z.array(dispoChangeSchema) })
      .nullable(),
  }),
);
export type Assignment = z.infer<typeof assignmentSchema>;

export const ASSIGNMENT_SORTS = ['date', '-date'] as const;

export const assignmentListQuerySchema = lazySchema(() =>
  z
    .object({
      page: z.coerce.number().int().min(1).default(DEFAULT_PAGE),
      limit: z.coerce.number().int().min(1).max(MAX_LIMIT).default(DEFAULT_LIMIT),
      /** Inclusive. */
      from: calendarDate('From').optional(),
      /** Inclusive. */
      to: calendarDate('To').optional(),
      driverId: id('Driver').optional(),
      truckId: id('Truck').optional(),
      status: z.enum(DISPO_STATUSES).optional(),
      /** `-date` (default: newest first) or `date`; ties by driver name. */
      sort: z.enum(ASSIGNMENT_SORTS).default('-date'),
    })
    .refine((q) => !q.from || !q.to || q.from <= q.to, {
      path: ['to'],
      message: '"to" must not be before "from"',
    }),
);
export type AssignmentListQuery = z.infer<typeof assignmentListQuerySchema>;
export const assignmentListSchema = listOf(assignmentSchema);
export type AssignmentList = z.infer<typeof assignmentListSchema>;

/** Filters an assignment the way the list endpoint does (the client filters its mirror with it). */
export function matchesAssignmentQuery(
  a: Pick<Assignment, 'date' | 'driverId' | 'truckId' | 'status'>,
  q: Partial<Pick<AssignmentListQuery, 'from' | 'to' | 'driverId' | 'truckId' | 'status'>>,
): boolean {
  if (q.from && a.date < q.from) return false;
  if (q.to && a.date > q.to) return false;
  if (q.driverId && a.driverId !== q.driverId) return false;
  if (q.truckId && a.truckId !== q.truckId) return false;
  if (q.status && a.status !== q.status) return false;
  return true;
}

/** Containers of an assignment, counted per operation (a swap places one and picks one up). */
export function countContainers(rounds: ReadonlyArray<Pick<DispoRoundInput, 'items'>>): {
  placed: number;
  pickedUp: number;
} {
  let placed = 0;
  let pickedUp = 0;
  for (const item of rounds.flatMap((r) => r.items)) {
    if (item.operation !== 'pickup') placed += item.quantity;
    if (item.operation !== 'place') pickedUp += item.quantity;
  }
  return { placed, pickedUp };
}
