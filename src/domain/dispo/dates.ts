import { calendarDateIn, isTimeZone } from '../format';
import { DISPO_UPCOMING_DAYS } from '../constants';

/*
 * Dates in dispo are local calendar dates `YYYY-MM-DD`. The week board and the dashboard take the viewer's
 * IANA time zone to decide which date is "today" (DISPO_DEFAULT_TIME_ZONE when the request names none).
 */

/** A real calendar date written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** `date` plus `days` calendar days (negative goes back); no time zone is involved. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whether `timeZone` is an IANA zone this runtime knows ('Europe/Berlin', 'UTC'). */
export const isValidTimeZone = (timeZone: string): boolean => isTimeZone(timeZone);

/** The local calendar date in `timeZone` at the instant `now`. */
export const todayIn = (timeZone: string, now: Date = new Date()): string => calendarDateIn(timeZone, now);

export interface DateWindow {
  from: string;
  /** Inclusive. */
  to: string;
  /** Every date from `from` to `to`. */
  dates: string[];
}

/** `days` consecutive calendar dates starting at `from` (the week board: DISPO_UPCOMING_DAYS). */
export function dateWindow(from: string, days: number = DISPO_UPCOMING_DAYS): DateWindow {
  const dates = Array.from({ length: days }, (_, i) => addDays(from, i));
  return { from, to: dates[dates.length - 1] ?? from, dates };
}

/** The upcoming window from today in `timeZone`, today included. */
export function upcomingWindow(timeZone: string, now: Date = new Date()): DateWindow {
  return dateWindow(todayIn(timeZone, now));
}

/** Whether `date` falls in the upcoming window as seen in `timeZone` at `now`. */
export function isUpcoming(date: string, timeZone: string, now: Date = new Date()): boolean {
  const { from, to } = upcomingWindow(timeZone, now);
  return date >= from && date <= to;
}

/** Monday to Sunday of the week holding `date`. */
export function weekOf(date: string): { from: string; to: string } {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  const from = addDays(date, -((weekday + 6) % 7));
  return { from, to: addDays(from, 6) };
}
