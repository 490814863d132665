import { isIsoDate } from '@/domain/excavator';
import {
  checksFromConfig,
  isTimeOfDay,
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

/** Field path (as @mantine/form names it) → i18n key below `logbook.validation.`. */
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

const parseNumber = (text: string): number | null => {
  const trimmed = text.trim().replace(',', '.');
  if (!trimmed) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
};

function checkRange(errors: LogbookFormErrors, field: string, text: string, min: number, max: number) {
  const value = parseNumber(text);
  if (value === null) return;
  if (Number.isNaN(value)) errors[field] = 'number';
  else if (value < min || value > max) errors[field] = `${field}Range`;
}

/**
 * The form's rules (the same as the API's, with translatable messages): a date, both shift times as
 * HH:MM and not equal (an end before the start is an overnight shift), weather in range, and a note
 * for every conveyor that is not functional.
 */
export function validateLogbookForm(values: LogbookFormValues): LogbookFormErrors {
  const errors: LogbookFormErrors = {};
  if (!values.date.trim()) errors.date = 'dateRequired';
  else if (!isIsoDate(values.date.trim())) errors.date = 'dateInvalid';
  for (const field of ['shiftStart', 'shiftEnd'] as const) {
    const time = values[field].trim();
    if (!time) errors[field] = 'timeRequired';
    else if (!isTimeOfDay(time)) errors[field] = 'timeInvalid';
  }
  if (!errors.shiftStart && !errors.shiftEnd && values.shiftStart.trim() === values.shiftEnd.trim()) {
    errors.shiftEnd = 'shiftSame';
  }
  checkRange(errors, 'temperature', values.temperature, -80, 70);
  checkRange(errors, 'humidity', values.humidity, 0, 100);
  values.conveyorChecks.forEach((check, i) => {
    if (!check.functional && !check.notes.trim()) errors[`conveyorChecks.${i}.notes`] = 'noteRequired';
  });
  return errors;
}

/** The editable fields as the API takes them (after `validateLogbookForm` found nothing). */
export function toLogbookFields(values: LogbookFormValues): LogbookFields {
  return logbookFieldsSchema.parse({
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
  });
}
