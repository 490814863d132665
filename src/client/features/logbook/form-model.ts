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

/** The weather's three inputs as drafts kept them before they were a group of their own. */
interface FlatWeatherDraft {
  temperature?: LogbookFormValues['weather']['temperature'];
  humidity?: LogbookFormValues['weather']['humidity'];
  conditions?: LogbookFormValues['weather']['conditions'];
}

/**
 * A stored draft as the form holds it now. A draft kept before the weather became one group has its
 * three inputs at the top: they move into the group, so the typed weather is restored, not lost.
 */
export function fromDraft(stored: LogbookFormValues): LogbookFormValues {
  if (stored.weather && typeof stored.weather === 'object') return stored;
  const { temperature, humidity, conditions, ...rest } = stored as LogbookFormValues & FlatWeatherDraft;
  const empty = logbookEntity.fields.weather.toForm(null);
  return {
    ...rest,
    weather: {
      temperature: temperature ?? empty.temperature,
      humidity: humidity ?? empty.humidity,
      conditions: conditions ?? empty.conditions,
    },
  };
}

/**
 * The API's rules over the form (the shared declaration), in the user's language: a date, both shift
 * times as HH:MM and not equal (an end before the start is an overnight shift), weather in range, and a
 * note for every conveyor that is not functional.
 */
export const validateLogbookForm = (values: LogbookFormValues, t: TFunction): LogbookFormErrors =>
  issueMessages(t, logbookEntity.validate(values));

/** The editable fields as the API takes them (after `validateLogbookForm` found nothing). */
export const toLogbookFields = (values: LogbookFormValues): LogbookFields => logbookEntity.toRecord(values);
