import type { FastifyInstance } from 'fastify';
import { isTimeZone, wallClock, type WallClock } from '@/domain/format';
import { DEFAULT_SITE_TIME_ZONE } from '@/domain/settings';
/**
 * The site's clock: the time zone in which "02:00" or "today" is meant for the whole installation
 * (scheduled jobs), whatever zone the server machine or a viewer's device is in.
 */

export { DEFAULT_SITE_TIME_ZONE, isTimeZone };

/**
 * The site's zone before an admin chose one (the setting `app.timeZone` is then unset): the process's
 * TZ when that names an IANA zone, else Europe/Berlin. Also what tools without the database use.
 */
export function siteTimeZone(env: NodeJS.ProcessEnv = process.env): string {
  const tz = env.TZ?.trim();
  return tz && isTimeZone(tz) ? tz : DEFAULT_SITE_TIME_ZONE;
}

/** The site's zone as the settings name it (`app.timeZone`, defaulting to `siteTimeZone()`). */
export async function currentSiteTimeZone(app: Pick<FastifyInstance, 'settingsStore'>): Promise<string> {
  return (await app.settingsStore.get()).app.timeZone;
}

/** A wall-clock reading in some zone. */
export interface ZonedTime {
  /** YYYY-MM-DD */
  date: string;
  /** Minutes since local midnight. */
  minutes: number;
}

function parts(instant: Date, zone: string): WallClock {
  return wallClock(instant, zone);
}

/** The date and time of day on the wall clocks of `zone` at `instant`. */
export function zonedTime(instant: Date, zone: string): ZonedTime {
  const p = parts(instant, zone);
  const pad = (n: number | undefined) => String(n ?? 0).padStart(2, '0');
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, minutes: (p.hour ?? 0) * 60 + (p.minute ?? 0) };
}

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetMs(instant: Date, zone: string): number {
  const p = parts(instant, zone);
  const asUtc = Date.UTC(
    p.year ?? 1970,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    p.hour ?? 0,
    p.minute ?? 0,
    p.second ?? 0,
  );
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The first instant at which `zone`'s clocks show `date` at `minutes` or later — what a job that
 * watches the wall clock sees. A time skipped by a daylight-saving change answers the end of the gap;
 * a time that happens twice answers the first.
 */
export function zonedInstant(date: string, minutes: number, zone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, Math.floor(minutes / 60), minutes % 60);
  // The offsets a day apart straddle any change near that time.
  const candidates = [
    wall - offsetMs(new Date(wall), zone),
    wall - offsetMs(new Date(wall - 86_400_000), zone),
  ];
  const earliest = Math.min(...candidates);
  const latest = Math.max(...candidates);
  const reached = (t: number) => {
    const local = zonedTime(new Date(t), zone);
    return local.date > date || (local.date === date && local.minutes >= minutes);
  };
  for (let t = earliest; t <= latest; t += 60_000) if (reached(t)) return new Date(t);
  return new Date(latest);
}

/** `date` plus `days` calendar days (YYYY-MM-DD). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** "HH:MM" as minutes since midnight. */
export function minutesOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}
