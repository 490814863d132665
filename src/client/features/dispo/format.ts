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

/** Today as `YYYY-MM-DD` in the browser's time zone. */
export function localToday(now: Date = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
