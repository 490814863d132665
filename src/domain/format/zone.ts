/*
 * Time zone arithmetic. Intl is the only place the runtime keeps the zone database, so these helpers
 * live beside the display formatters (the one module allowed to touch Intl) even though they format
 * nothing for people to read.
 */

/**
 * The answers so far: building a formatter to ask is slow (the first one for a zone loads its rules),
 * and the settings are checked against their zone each time they are read, the app's start included.
 */
const knownZones = new Map<string, boolean>();

/** Whether `zone` is an IANA time zone this runtime knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(zone: string): boolean {
  const known = knownZones.get(zone);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    valid = true;
  } catch {
    valid = false;
  }
  // Bounded: a form may check every keystroke of a zone being typed.
  if (knownZones.size < 200) knownZones.set(zone, valid);
  return valid;
}

/** Every IANA zone this runtime knows, sorted; at least UTC where the runtime cannot list them. */
export function timeZoneNames(): string[] {
  const list = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...list, 'UTC'])].sort();
}

/** The zone this device (or server process) runs in, UTC when the runtime cannot say. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

function wallClockFormatter(zone: string): Intl.DateTimeFormat {
  let f = wallClockFormatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormatters.set(zone, f);
  }
  return f;
}

/** What the wall clocks of `zone` read at `instant`. */
export function wallClock(instant: Date, zone: string): WallClock {
  const out: Record<string, number> = {};
  for (const p of wallClockFormatter(zone).formatToParts(instant)) {
    if (p.type !== 'literal') out[p.type] = Number(p.value);
  }
  return {
    year: out.year ?? 1970,
    month: out.month ?? 1,
    day: out.day ?? 1,
    hour: out.hour ?? 0,
    minute: out.minute ?? 0,
    second: out.second ?? 0,
  };
}

/** The calendar date (YYYY-MM-DD) in `zone` at `instant`. */
export function calendarDateIn(zone: string, instant: Date = new Date()): string {
  const c = wallClock(instant, zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
}

// Made on first use: building a collator loads the runtime's collation data, tens of milliseconds
// on a slow tablet, and a module that only formats dates must not pay for it when it is imported.
let textCollator: Intl.Collator | undefined;

/** Sorts names the way people read them: case-insensitive, "Bay 2" before "Bay 10". */
export function compareText(a: string, b: string): number {
  textCollator ??= new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
  return textCollator.compare(a, b);
}
