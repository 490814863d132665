import type { TFunction } from 'i18next';
import { issueMessages } from '@/client/lib/validation-messages';
import { excavatorEntity } from '@/domain/excavator';
import type { EntityForm } from '@/domain/fields';
import type { ExcavatorRecord } from '../model';

/** The form's fields: text inputs hold '' for empty, number inputs '' or a number. */
export type ExcavatorFormValues = EntityForm<typeof excavatorEntity.fields>;

export type ExcavatorFormErrors = Record<string, string>;

export function excavatorFormValues(e: ExcavatorRecord | null): ExcavatorFormValues {
  return excavatorEntity.toForm(e);
}

/**
 * Validates with the shared schema (the one the server applies) and answers per-field messages in the
 * user's language, keyed by the form's paths (`specifications.2.key`).
 */
export function validateExcavatorForm(values: ExcavatorFormValues, t: TFunction): ExcavatorFormErrors {
  return issueMessages(t, excavatorEntity.validate(values));
}

/** The record fields to write: the schema's output, so the local row looks as the server will store it. */
export function toRecordFields(values: ExcavatorFormValues): Record<string, unknown> {
  return excavatorEntity.toRecord(values);
}
