import type { TFunction } from 'i18next';
import {
  DISPO_MAX_ITEMS_PER_ROUND,
  DISPO_MAX_QUANTITY,
  DISPO_MAX_ROUNDS,
  type DispoOperation,
} from '@/domain/dispo/constants';
import { isCalendarDate } from '@/domain/dispo/dates';
import type { Assignment } from '@/domain/dispo/assignments';
import type { AssignmentFieldsInput } from '@/domain/dispo/assignment-input';

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

/** The form's checks in the user's language, keyed by form path (`rounds.0.items.1.quantity`). */
export function validateAssignment(values: AssignmentFormValues, t: TFunction): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.date) errors.date = t('dispo.form.errors.dateRequired');
  else if (!isCalendarDate(values.date)) errors.date = t('dispo.form.errors.dateInvalid');
  if (!values.driverId) errors.driverId = t('dispo.form.errors.driverRequired');
  if (values.rounds.length > DISPO_MAX_ROUNDS)
    errors.rounds = t('dispo.form.errors.tooManyRounds', { max: DISPO_MAX_ROUNDS });
  values.rounds.forEach((round, r) => {
    if (round.items.length === 0) errors[`rounds.${r}.items`] = t('dispo.form.errors.noItems');
    if (round.items.length > DISPO_MAX_ITEMS_PER_ROUND)
      errors[`rounds.${r}.items`] = t('dispo.form.errors.tooManyItems', { max: DISPO_MAX_ITEMS_PER_ROUND });
    round.items.forEach((item, i) => {
      const path = `rounds.${r}.items.${i}`;
      if (!item.containerTypeId) errors[`${path}.containerTypeId`] = t('dispo.form.errors.typeRequired');
      const quantity = Number(item.quantity);
      if (
        item.quantity === '' ||
        !Number.isInteger(quantity) ||
        quantity < 1 ||
        quantity > DISPO_MAX_QUANTITY
      )
        errors[`${path}.quantity`] = t('dispo.form.errors.quantity', { max: DISPO_MAX_QUANTITY });
    });
  });
  return errors;
}
