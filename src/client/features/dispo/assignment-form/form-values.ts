import type { TFunction } from 'i18next';
import { issueMessages } from '@/client/lib/validation-messages';
import type { Assignment } from '@/domain/dispo/assignments';
import { assignmentEntity, itemRows, roundRows } from '@/domain/dispo/assignment-input';
import { newRowKey, type EntityForm } from '@/domain/fields';

/*
 * The assignment form is the domain's declaration (src/domain/dispo/assignment-input.ts): its rounds
 * and their containers are keyed lists, so every row the form holds carries a `rowKey` for React that
 * never reaches the API.
 */

export type AssignmentFormValues = EntityForm<typeof assignmentEntity.fields>;
export type RoundValues = AssignmentFormValues['rounds'][number];
export type ItemValues = RoundValues['items'][number];

export const newRound = (): RoundValues => roundRows.newRow();
export const newItem = (): ItemValues => itemRows.newRow();

/** An assignment as the form holds it; a new one on `date` starts with one round of one container. */
export function toFormValues(assignment: Assignment | null, date: string): AssignmentFormValues {
  return assignment ? assignmentEntity.toForm(assignment) : { ...assignmentEntity.formDefaults(), date };
}

/**
 * A stored draft as this page's form holds it: every round and container row takes a key of this page.
 * Drafts kept before the rows had keys have none, and keys of an earlier page load would repeat.
 */
export function fromDraft(stored: AssignmentFormValues): AssignmentFormValues {
  return {
    ...stored,
    rounds: (stored.rounds ?? []).map((round) => ({
      ...round,
      rowKey: newRowKey(),
      items: (round.items ?? []).map((item) => ({ ...item, rowKey: newRowKey() })),
    })),
  };
}

/** The API body as the shared schema reads the form (valid input only; the server checks again). */
export const toFields = (values: AssignmentFormValues) => assignmentEntity.toRecord(values);

/**
 * The API's rules over the form (the shared declaration), in the user's language, keyed by form path
 * (`rounds.0.items.1.quantity`).
 */
export const validateAssignment = (values: AssignmentFormValues, t: TFunction): Record<string, string> =>
  issueMessages(t, assignmentEntity.validate(values));
