import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { excavatorFieldsSchema, type ExcavatorStatus, type Specification } from '@/domain/excavator';
import type { ExcavatorRecord } from '../model';
import { FORM_ERROR_KEY } from '../labels';

/** The form's fields: text inputs hold '' for empty, number inputs '' or a number. */
export interface ExcavatorFormValues {
  name: string;
  model: string;
  serialNumber: string;
  year: number | string;
  engineNumber: string;
  status: ExcavatorStatus;
  usageHours: number | string;
  location: string;
  lastServiceHours: number | string;
  nextInspectionHours: number | string;
  purchaseDate: string;
  lastServiceDate: string;
  description: string;
  notes: string;
  specifications: Specification[];
}

export type ExcavatorFormErrors = Record<string, string>;

export function excavatorFormValues(e: ExcavatorRecord | null): ExcavatorFormValues {
  return {
    name: e?.name ?? '',
    model: e?.model ?? '',
    serialNumber: e?.serialNumber ?? '',
    year: e?.year ?? '',
    engineNumber: e?.engineNumber ?? '',
    status: e?.status ?? 'operational',
    usageHours: e?.usageHours ?? '',
    location: e?.location ?? '',
    lastServiceHours: e?.lastServiceHours ?? '',
    nextInspectionHours: e?.nextInspectionHours ?? '',
    purchaseDate: e?.purchaseDate ?? '',
    lastServiceDate: e?.lastServiceDate ?? '',
    description: e?.description ?? '',
    notes: e?.notes ?? '',
    specifications: e?.specifications.map((s) => ({ ...s })) ?? [],
  };
}

/** Number inputs give '' when empty and may give numeric text while typing. */
const numberOrBlank = (value: number | string): number | string => {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  return trimmed !== '' && /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/** The values as the shared schema reads them (blank → omitted/null there). */
export function formInput(values: ExcavatorFormValues): Record<string, unknown> {
  return {
    ...values,
    year: numberOrBlank(values.year),
    usageHours: numberOrBlank(values.usageHours),
    lastServiceHours: numberOrBlank(values.lastServiceHours),
    nextInspectionHours: numberOrBlank(values.nextInspectionHours),
  };
}

type Issue = z.core.$ZodIssue;

const DATE_FIELDS = new Set(['purchaseDate', 'lastServiceDate']);

function messageFor(issue: Issue, t: TFunction): string {
  const field = String(issue.path[0] ?? '');
  const e = (key: keyof typeof FORM_ERROR_KEY, options?: Record<string, unknown>) =>
    t(FORM_ERROR_KEY[key], options);
  if (field === 'year' && issue.code !== 'invalid_type') return e('year');
  if (DATE_FIELDS.has(field)) return e('date');
  switch (issue.code) {
    case 'too_small':
      return issue.origin === 'string' ? e('required') : e('negative');
    case 'too_big':
      if (issue.origin === 'string') return e('tooLong', { max: Number(issue.maximum) });
      if (issue.origin === 'array') return e('tooMany', { max: Number(issue.maximum) });
      return e('tooLarge', { max: Number(issue.maximum) });
    case 'invalid_type':
      return issue.expected === 'number' ? e('number') : e('required');
    case 'custom':
      return field === 'specifications' ? e('specUnique') : issue.message;
    default:
      return issue.message;
  }
}

/**
 * Validates with the shared schema (the one the server applies) and answers per-field messages in the
 * user's language, keyed by the form's paths (`specifications.2.key`).
 */
export function validateExcavatorForm(values: ExcavatorFormValues, t: TFunction): ExcavatorFormErrors {
  const result = excavatorFieldsSchema.safeParse(formInput(values));
  if (result.success) return {};
  const errors: ExcavatorFormErrors = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String).join('.');
    if (!errors[path]) errors[path] = messageFor(issue, t);
  }
  return errors;
}

/** The record fields to write: the schema's output, so the local row looks as the server will store it. */
export function toRecordFields(values: ExcavatorFormValues): Record<string, unknown> {
  return excavatorFieldsSchema.parse(formInput(values));
}
