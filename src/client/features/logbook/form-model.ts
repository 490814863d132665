import type { TFunction } from 'i18next';
import { issueMessages } from '@/client/lib/validation-messages';
import type { EntityForm } from '@/domain/fields';
import {
  logbookEntity,
  newLogbookEntry,
  type LogbookConfig,
  type LogbookEntry,
  type LogbookFields,
} from '@/domain/logbook';

/*
 * The entry form is the domain's declaration (src/domain/logbook.ts): numbers as typed, the weather
 * as its three inputs (`weather.temperature`), checks as toggles with notes.
 */

export type LogbookFormValues = EntityForm<typeof logbookEntity.fields>;

/** Field path (as @mantine/form names it) → message in the user's language. */
export type LogbookFormErrors = Record<string, string>;

export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const newEntryValues = (config: LogbookConfig, date: string): LogbookFormValues =>
  logbookEntity.toForm(newLogbookEntry(config, date));

export const entryValues = (entry: LogbookEntry): LogbookFormValues => logbookEntity.toForm(entry);

/**
 * The API's rules over the form (the shared declaration), in the user's language: a date, both shift
 * times as HH:MM and not equal (an end before the start is an overnight shift), weather in range, and a
 * note for every conveyor that is not functional.
 */
export const validateLogbookForm = (values: LogbookFormValues, t: TFunction): LogbookFormErrors =>
  issueMessages(t, logbookEntity.validate(values));

/** The editable fields as the API takes them (after `validateLogbookForm` found nothing). */
export const toLogbookFields = (values: LogbookFormValues): LogbookFields => logbookEntity.toRecord(values);
