import { currentFormat } from '@/client/i18n';

/** A calendar date `YYYY-MM-DD` in the UI language, e.g. "Mon, 3 Mar 2025" ("Mon, 03/03" short). */
export function formatDay(date: string, style: 'long' | 'short' = 'long'): string {
  const format = currentFormat();
  return style === 'long' ? format.dateWithWeekday(date) : format.weekdayDayMonth(date);
}

/** A timestamp as date and time in the UI language. */
export function formatDateTime(iso: string): string {
  return currentFormat().dateTime(iso);
}
