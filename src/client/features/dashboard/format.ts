import { currentFormat } from '@/client/i18n';

/** Hours with at most one decimal and the hour symbol, e.g. "1.234,5 h". */
export function formatHours(value: number): string {
  return currentFormat().hours(value);
}

/** A timestamp as date and time, e.g. "24. Nov. 2026, 14:05". */
export function formatWhen(iso: string): string {
  return currentFormat().dateTime(iso);
}

/** A calendar day (YYYY-MM-DD) as "24.11." / "24/11". */
export function formatDay(date: string): string {
  return currentFormat().dayMonth(date);
}

/** A calendar day with weekday, e.g. "Mo., 24.11.". */
export function formatWeekday(date: string): string {
  return currentFormat().weekdayDayMonth(date);
}

/** A calendar day in the UI language, e.g. "24 Nov 2026". */
export function formatDate(date: string): string {
  return currentFormat().date(date);
}
