import type { TFunction } from 'i18next';
import { issueMessages } from '@/client/lib/validation-messages';
import { keyedIssues } from '@/domain/fields';
import {
  checksFromConfig,
  logbookFieldsSchema,
  type LogbookConfig,
  type LogbookEntry,
  type LogbookFields,
} from '@/domain/logbook';

/** The entry form's values: numbers and times as typed (strings), checks as toggles with notes. */
export interface LogbookFormValues {
  date: string;
  site: string;
  shiftStart: string;
  shiftEnd: string;
  temperature: string;
  humidity: string;
  conditions: string;
  conveyorChecks: Array<{ key: string | null; name: string; functional: boolean; notes: string }>;
  specialChecks: Array<{ key: string | null; name: string; open: boolean; notes: string }>;
  generalNotes: string;
}

/** Field path (as @mantine/form names it) → message in the user's language. */
export type LogbookFormErrors = Record<string, string>;

export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export function newEntryValues(config: LogbookConfig, date: string): LogbookFormValues {
  const checks = checksFromConfig(config);
  return {
    date,
    site: config.site.name,
    shiftStart: config.defaultShift.start,
    shiftEnd: config.defaultShift.end,
    temperature: '',
    humidity: '',
    conditions: '',
    conveyorChecks: checks.conveyorChecks.map((c) => ({ ...c, notes: '' })),
    specialChecks: checks.specialChecks.map((c) => ({ ...c, notes: '' })),
    generalNotes: '',
  };
}

const numberText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function entryValues(entry: LogbookEntry): LogbookFormValues {
  return {
    date: entry.date,
    site: entry.site ?? '',
    shiftStart: entry.shiftStart,
    shiftEnd: entry.shiftEnd,
    temperature: numberText(entry.weather?.temperature),
    humidity: numberText(entry.weather?.humidity),
    conditions: entry.weather?.conditions ?? '',
    conveyorChecks: entry.conveyorChecks.map((c) => ({ ...c, notes: c.notes ?? '' })),
    specialChecks: entry.specialChecks.map((c) => ({ ...c, notes: c.notes ?? '' })),
    generalNotes: entry.generalNotes ?? '',
  };
}

const parseNumber = (text: string): number | string | null => {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return null;
  const value = Number(trimmed);
  // Text that is not a number goes to the schema as it is, which says so on its field.
  return Number.isFinite(value) ? value : text;
};

/** The form's values as the schema reads them. */
function fieldsInput(values: LogbookFormValues): Record<string, unknown> {
  return {
    date: values.date,
    site: values.site,
    shiftStart: values.shiftStart,
    shiftEnd: values.shiftEnd,
    weather: {
      temperature: parseNumber(values.temperature),
      humidity: parseNumber(values.humidity),
      conditions: values.conditions,
    },
    conveyorChecks: values.conveyorChecks,
    specialChecks: values.specialChecks,
    generalNotes: values.generalNotes,
  };
}

/**
 * The API's rules over the form (the shared schema), in the user's language: a date, both shift times
 * as HH:MM and not equal (an end before the start is an overnight shift), weather in range, and a note
 * for every conveyor that is not functional. The weather's messages go to its three inputs.
 */
export function validateLogbookForm(values: LogbookFormValues, t: TFunction): LogbookFormErrors {
  const result = logbookFieldsSchema.safeParse(fieldsInput(values));
  if (result.success) return {};
  const issues = keyedIssues(result.error.issues).map((issue) => ({
    ...issue,
    path: issue.path.replace(/^weather\./, ''),
  }));
  return issueMessages(t, issues);
}

/** The editable fields as the API takes them (after `validateLogbookForm` found nothing). */
export function toLogbookFields(values: LogbookFormValues): LogbookFields {
  return logbookFieldsSchema.parse(fieldsInput(values));
}
