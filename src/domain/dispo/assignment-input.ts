import { z } from 'zod';
import { lazySchema } from '../lazy-schema';
import {
  DISPO_MAX_ITEMS_PER_ROUND,
  DISPO_MAX_QUANTITY,
  DISPO_MAX_ROUNDS,
  DISPO_OPERATIONS,
} from './constants';
import {
  custom,
  date,
  defineEntity,
  fieldError,
  flag,
  group,
  keyedListOf,
  number,
  optionalReference,
  optionalText,
  reference,
  withFormDefault,
} from '../fields';
import { id } from './fields';

/*
 * What a dispatcher sends for an assignment. POST may carry a client id. One assignment per driver and
 * date: a second one answers 409 CONFLICT with `details: { reason: 'duplicate', duplicate: { id } }`
 * unless the body says `allowDuplicate: true`. `PUT` replaces the rounds: a round's `done` is sent back
 * as read (omitted = false).
 */

const label = (name: string, en: string) => ({ label: `dispo.fields.${name}`, en });

const OPERATION = label('operation', 'Operation');

const itemFields = group({
  containerTypeId: reference(label('containerType', 'Container type')),
  // A new row is one container until the dispatcher says more.
  quantity: withFormDefault(
    number(label('quantity', 'Quantity'), { integer: true, min: 1, max: DISPO_MAX_QUANTITY }),
    1,
  ),
  operation: custom(OPERATION, z.enum(DISPO_OPERATIONS, { error: fieldError(OPERATION) }), 'place'),
});
export const dispoItemInputSchema = itemFields.schema;
export type DispoItemInput = z.infer<typeof dispoItemInputSchema>;

/** A round's containers; the form keys each row so React keeps them apart while they are edited. */
export const itemRows = keyedListOf(label('containers', 'Containers'), itemFields, {
  min: 1,
  max: DISPO_MAX_ITEMS_PER_ROUND,
});

const roundFields = group({
  notes: optionalText(label('roundNotes', 'Round notes'), 2000),
  /** Ticked by the driver; send back what was read (omitted = false). */
  done: flag(label('rounds', 'Done'), false, false),
  items: itemRows,
});
export const dispoRoundInputSchema = roundFields.schema;
export type DispoRoundInput = z.infer<typeof dispoRoundInputSchema>;

/** The rounds of a day; a new assignment's form starts with one. */
export const roundRows = keyedListOf(label('rounds', 'Rounds'), roundFields, {
  max: DISPO_MAX_ROUNDS,
  rows: 1,
});

/**
 * The fields a dispatcher edits (form and API body), declared once: the API's schema, the field names
 * and the keyed validation messages come from here.
 */
export const assignmentEntity = defineEntity({
  date: date(label('date', 'Date')),
  driverId: reference(label('driver', 'Driver')),
  truckId: optionalReference(label('truck', 'Truck')),
  rounds: roundRows,
  generalNotes: optionalText(label('generalNotes', 'General notes'), 5000),
});

/** The fields a dispatcher edits (form and API body). */
export const assignmentFieldsSchema = assignmentEntity.schema;
export type AssignmentFields = z.infer<typeof assignmentFieldsSchema>;
export type AssignmentFieldsInput = z.input<typeof assignmentFieldsSchema>;

const allowDuplicate = lazySchema(() =>
  z
    .boolean({ error: 'allowDuplicate must be true or false' })
    .default(false)
    .describe('Confirms a second assignment for the same driver and date'),
);

export const assignmentCreateSchema = lazySchema(() =>
  assignmentFieldsSchema.extend({
    /** A client-made id (UUIDv7 from the outbox). */
    id: id('Id').optional(),
    allowDuplicate,
  }),
);
export type AssignmentCreate = z.infer<typeof assignmentCreateSchema>;
export const assignmentUpdateSchema = lazySchema(() => assignmentFieldsSchema.extend({ allowDuplicate }));
export type AssignmentUpdate = z.infer<typeof assignmentUpdateSchema>;

export const roundDoneInputSchema = lazySchema(() =>
  z.object({ done: z.boolean({ error: 'Done must be true or false' }) }),
);
export const roundParamsSchema = lazySchema(() =>
  z.object({
    id: id('Id'),
    index: z.coerce
      .number()
      .int()
      .min(0)
      .max(DISPO_MAX_ROUNDS - 1),
  }),
);
