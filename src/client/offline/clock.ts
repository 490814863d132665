import { offsetFromDateHeader } from '@/domain/action-time';

/*
 * The server's time as this device can tell it: the device's clock corrected by how far it was off the
 * server's when an answer last came (its `Date` header). Actions are stamped with it, so a report done
 * offline carries the time it was done even on a tablet whose clock is wrong; see docs/action-times.md.
 */

export interface ServerClock {
  /** Epoch ms on the server's clock, as well as the device can tell. Never goes back. */
  now(): number;
  /** Learns from one answer: its `Date` header, and the device times the request left and was answered. */
  observe(dateHeader: string | null | undefined, sentAt: number, answeredAt: number): void;
  /** The device clock's current correction in ms (server minus device); 0 before any answer. */
  offset(): number;
}

/** Where the last correction survives a reload (device-local, never synced). */
export interface OffsetStorage {
  load(): number | null;
  save(offsetMs: number): void;
}

export interface ServerClockOptions {
  /** The device's wall clock (epoch ms); the person or the network may set it at any time. */
  wallNow: () => number;
  /** A clock that only runs forward (page-local), e.g. `performance.now()`. */
  monoNow: () => number;
  storage?: OffsetStorage | null;
}

/** A change of the correction smaller than this is the header's one-second grain, not worth a write. */
const SAVE_THRESHOLD_MS = 1_000;

/**
 * While the page lives, the time is the last answer's server time plus the forward-only time since:
 * setting the device's clock (or its jump when the network corrects it) changes nothing. After a
 * reload, until the next answer, the stored correction is applied to the wall clock.
 */
export function createServerClock(options: ServerClockOptions): ServerClock {
  const { wallNow, monoNow, storage } = options;
  let stored = storage?.load() ?? null;
  let offsetMs = stored ?? 0;
  /** The server time at a point of the forward-only clock, from the last answer. */
  let anchor: { server: number; mono: number } | null = null;
  let last = -Infinity;

  const raw = () => (anchor ? anchor.server + (monoNow() - anchor.mono) : wallNow() + offsetMs);

  return {
    now() {
      last = Math.max(last, raw());
      return last;
    },
    observe(dateHeader, sentAt, answeredAt) {
      const measured = offsetFromDateHeader(dateHeader, sentAt, answeredAt);
      if (measured === null) return;
      const wall = wallNow();
      offsetMs = measured;
      anchor = { server: wall + measured, mono: monoNow() };
      if (storage && (stored === null || Math.abs(stored - measured) >= SAVE_THRESHOLD_MS)) {
        stored = measured;
        storage.save(measured);
      }
    },
    offset: () => offsetMs,
  };
}

/**
 * Whether an answer's `Date` header tells the server's time now. The service worker may answer some
 * reads from its cache while the link is down, with the header of the day they were stored: only writes
 * and the reads it never caches (the sync pull, the health probe) are asked.
 */
export function tellsServerTime(method: string, url: string): boolean {
  if (method !== 'GET') return true;
  const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? '';
  return ['/api/sync', '/api/health'].some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

const STORAGE_KEY = 'fleetpilot.clockOffset';

/** The correction kept in localStorage; silent where storage is unavailable (private mode). */
export const localOffsetStorage: OffsetStorage = {
  load() {
    try {
      const value = Number(localStorage.getItem(STORAGE_KEY));
      return localStorage.getItem(STORAGE_KEY) !== null && Number.isFinite(value) ? value : null;
    } catch {
      return null;
    }
  },
  save(offsetMs) {
    try {
      localStorage.setItem(STORAGE_KEY, String(Math.round(offsetMs)));
    } catch {
      // Not kept across reloads then; the next answer measures it again.
    }
  },
};

const monotonic = () =>
  typeof performance !== 'undefined' && typeof performance.now === 'function'
    ? performance.now()
    : Date.now();

/** The app's one clock: the offline engine and direct API calls read and correct the same one. */
export const appServerClock: ServerClock = createServerClock({
  wallNow: () => Date.now(),
  monoNow: monotonic,
  storage: localOffsetStorage,
});
