import { addDays, minutesOfDay, zonedInstant, zonedTime } from '../../site-time';

/*
 * The daily backup watches the site's wall clock instead of sleeping until a computed instant: a PC
 * that was off at 02:00 makes the day's backup when it comes back, a daylight-saving change neither
 * skips nor repeats a day, and a clock corrected by hours is simply read again at the next check.
 */

/** The site date of the latest daily slot at or before `now` (yesterday's before today's `at`). */
export function latestSlotDay(now: Date, at: string, timeZone: string): string {
  const local = zonedTime(now, timeZone);
  return local.minutes >= minutesOfDay(at) ? local.date : addDays(local.date, -1);
}

/** Whether the daily backup is due: no slot done yet, or a later slot than the last one done. */
export function isBackupDue(
  now: Date,
  at: string,
  timeZone: string,
  lastScheduledDay: string | null,
): { due: boolean; day: string } {
  const day = latestSlotDay(now, at, timeZone);
  return { due: lastScheduledDay === null || lastScheduledDay < day, day };
}

/** When the next daily backup starts: now when one is due, else the next slot. */
export function nextBackupAt(now: Date, at: string, timeZone: string, lastScheduledDay: string | null): Date {
  const { due, day } = isBackupDue(now, at, timeZone, lastScheduledDay);
  if (due) return now;
  return zonedInstant(addDays(day, 1), minutesOfDay(at), timeZone);
}
