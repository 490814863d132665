import type { TFunction } from 'i18next';
import { issueMessages } from '@/client/lib/validation-messages';
import type { DispoOperation } from '@/domain/dispo/constants';
import type { Assignment } from '@/domain/dispo/assignments';
import { assignmentFieldsSchema, type AssignmentFieldsInput } from '@/domain/dispo/assignment-input';
import { keyedIssues } from '@/domain/fields';

export interface ItemValues {
  /** Stable React key while items are added and removed. */
  key: string;
  containerTypeId: string | null;
  quantity: number | string;
  operation: DispoOperation;
}

export interface RoundValues {
  key: string;
  notes: string;
  /** The driver's tick, sent back as read. */
  done: boolean;
  items: ItemValues[];
}

export interface AssignmentFormValues {
  date: string;
  driverId: string | null;
  truckId: string | null;
  generalNotes: string;
  rounds: RoundValues[];
}

let counter = 0;
export const newKey = () => `k${++counter}`;

export const newItem = (): ItemValues => ({
  key: newKey(),
  containerTypeId: null,
  quantity: 1,
  operation: 'place',
});

export const newRound = (): RoundValues => ({ key: newKey(), notes: '', done: false, items: [newItem()] });

export function toFormValues(assignment: Assignment | null, date: string): AssignmentFormValues {
  if (!assignment) return { date, driverId: null, truckId: null, generalNotes: '', rounds: [newRound()] };
  return {
    date: assignment.date,
    driverId: assignment.driverId,
    truckId: assignment.truckId,
    generalNotes: assignment.generalNotes ?? '',
    rounds: assignment.rounds.map((round) => ({
      key: newKey(),
      notes: round.notes ?? '',
      done: round.done,
      items: round.items.map((item) => ({
        key: newKey(),
        containerTypeId: item.containerTypeId,
        quantity: item.quantity,
        operation: item.operation,
      })),
    })),
  };
}

/** The API body (the server trims and checks again). */
export function toFields(values: AssignmentFormValues): AssignmentFieldsInput {
  return {
    date: values.date,
    driverId: values.driverId ?? '',
    truckId: values.truckId,
    generalNotes: values.generalNotes,
    rounds: values.rounds.map((round) => ({
      notes: round.notes,
      done: round.done,
      items: round.items.map((item) => ({
        containerTypeId: item.containerTypeId ?? '',
        quantity: Number(item.quantity),
        operation: item.operation,
      })),
    })),
  };
}

/**
 * The API's rules over the form (the shared schema), in the user's language, keyed by form path
 * (`rounds.0.items.1.quantity`).
 */
export function validateAssignment(values: AssignmentFormValues, t: TFunction): Record<string, string> {
  const result = assignmentFieldsSchema.safeParse(toFields(values));
  return result.success ? {} : issueMessages(t, keyedIssues(result.error.issues));
}
