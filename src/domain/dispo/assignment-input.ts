import { z } from 'zod';
import {
  DISPO_MAX_ITEMS_PER_ROUND,
  DISPO_MAX_QUANTITY,
  DISPO_MAX_ROUNDS,
  DISPO_OPERATIONS,
} from './constants';
import { blankToNull, calendarDate, id, optionalText } from './fields';

/*
 * What a dispatcher sends for an assignment. POST may carry a client id. One assignment per driver and
 * date: a second one answers 409 CONFLICT with `details: { reason: 'duplicate', duplicate: { id } }`
 * unless the body says `allowDuplicate: true`. `PUT` replaces the rounds: a round's `done` is sent back
 * as read (omitted = false).
 */

export const dispoItemInputSchema = z.object({
  containerTypeId: id('Container type'),
  quantity: z
    .number({ error: 'Quantity must be a number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(DISPO_MAX_QUANTITY, `Quantity must be at most ${DISPO_MAX_QUANTITY}`),
  operation: z.enum(DISPO_OPERATIONS, { error: 'Operation must be pickup, place or swap' }),
});
export type DispoItemInput = z.infer<typeof dispoItemInputSchema>;

export const dispoRoundInputSchema = z.object({
  notes: optionalText('Round notes', 2000),
  /** Ticked by the driver; send back what was read (omitted = false). */
  done: z.boolean({ error: 'Done must be true or false' }).default(false),
  items: z
    .array(dispoItemInputSchema, { error: 'Items must be a list' })
    .min(1, 'A round needs at least one container')
    .max(DISPO_MAX_ITEMS_PER_ROUND, `At most ${DISPO_MAX_ITEMS_PER_ROUND} containers per round`),
});
export type DispoRoundInput = z.infer<typeof dispoRoundInputSchema>;

/** The fields a dispatcher edits (form and API body). */
export const assignmentFieldsSchema = z.object({
  date: calendarDate('Date'),
  driverId: id('Driver'),
  truckId: z.preprocess(blankToNull, id('Truck').nullable()).transform((v) => v ?? null),
  rounds: z
    .array(dispoRoundInputSchema, { error: 'Rounds must be a list' })
    .max(DISPO_MAX_ROUNDS, `At most ${DISPO_MAX_ROUNDS} rounds`)
    .default([]),
  generalNotes: optionalText('General notes', 5000),
});
export type AssignmentFields = z.infer<typeof assignmentFieldsSchema>;
export type AssignmentFieldsInput = z.input<typeof assignmentFieldsSchema>;

const allowDuplicate = z
  .boolean({ error: 'allowDuplicate must be true or false' })
  .default(false)
  .describe('Confirms a second assignment for the same driver and date');

export const assignmentCreateSchema = assignmentFieldsSchema.extend({
  /** A client-made id (UUIDv7 from the outbox). */
  id: id('Id').optional(),
  allowDuplicate,
});
export type AssignmentCreate = z.infer<typeof assignmentCreateSchema>;
export const assignmentUpdateSchema = assignmentFieldsSchema.extend({ allowDuplicate });
export type AssignmentUpdate = z.infer<typeof assignmentUpdateSchema>;

export const roundDoneInputSchema = z.object({ done: z.boolean({ error: 'Done must be true or false' }) });
export const roundParamsSchema = z.object({
  id: id('Id'),
  index: z.coerce
    .number()
    .int()
    .min(0)
    .max(DISPO_MAX_ROUNDS - 1),
});
