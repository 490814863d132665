/*
 * When a person did something, as opposed to when the server heard of it. The app sends the device's
 * time of the action (corrected by how far the device's clock is off the server's) with every write;
 * the server records it as the action's time and keeps its own receive time beside it. Rules and
 * reasons: docs/action-times.md.
 */

/** Request header with the action's time, ISO 8601 with a zone (`2026-11-26T18:33:12.345Z`). */
export const OCCURRED_AT_HEADER = 'x-occurred-at';

/**
 * How far ahead of the server an action time may be before it counts as a wrong device clock (logged).
 * Any time after the receive time is recorded as the receive time: nothing happened after it arrived.
 */
export const FUTURE_TOLERANCE_MS = 2 * 60_000;

/** Earlier than this a device clock was reset (1970), not offline: the receive time stands instead. */
export const EARLIEST_ACTION_TIME = Date.UTC(2000, 0, 1);

/** Two times of one record differ noticeably when they lie more than a day apart (the audit shows both). */
export const NOTABLE_DELAY_MS = 24 * 60 * 60_000;

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * The instant an `X-Occurred-At` value names; null when missing or not an ISO 8601 date-time with a
 * zone (a time without a zone would be read in the server's own zone, which is a guess).
 */
export function parseOccurredAt(raw: string | readonly string[] | null | undefined): Date | null {
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!ISO_INSTANT.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : new Date(ms);
}

export interface ActionTime {
  /** The time the write records as the action's. */
  at: Date;
  /** Why the sent time was not taken: absent, unreadable, in the future or implausibly old. */
  replaced: null | 'missing' | 'invalid' | 'future' | 'too-old';
}

/**
 * The action time of a write received at `receivedAt`. Never refuses: field work must not be lost
 * over a clock, so a missing, unreadable, future or implausibly old time becomes the receive time.
 */
export function resolveActionTime(
  raw: string | readonly string[] | null | undefined,
  receivedAt: Date,
): ActionTime {
  if (raw === undefined || raw === null || raw === '') return { at: receivedAt, replaced: 'missing' };
  const sent = parseOccurredAt(raw);
  if (!sent) return { at: receivedAt, replaced: 'invalid' };
  if (sent.getTime() > receivedAt.getTime()) {
    // Within the tolerance this is the rounding of the device's clock correction, not a wrong clock.
    const replaced = sent.getTime() - receivedAt.getTime() > FUTURE_TOLERANCE_MS ? 'future' : null;
    return { at: receivedAt, replaced };
  }
  if (sent.getTime() < EARLIEST_ACTION_TIME) return { at: receivedAt, replaced: 'too-old' };
  return { at: sent, replaced: null };
}

/** Whether an action and its arrival lie far enough apart to show both. */
export function notablyDelayed(at: Date | string, receivedAt: Date | string | null | undefined): boolean {
  if (receivedAt === null || receivedAt === undefined) return false;
  const a = new Date(at).getTime();
  const r = new Date(receivedAt).getTime();
  return Number.isFinite(a) && Number.isFinite(r) && Math.abs(r - a) > NOTABLE_DELAY_MS;
}

/**
 * How far the server's clock is ahead of the device's, from one answer's `Date` header. The header
 * names whole seconds (the true time lies up to a second later: +500 ms is the best guess) and was
 * written somewhere between sending and answering (the midpoint). Null when the header is missing or
 * the round trip was too slow to say anything useful.
 */
export function offsetFromDateHeader(
  dateHeader: string | null | undefined,
  sentAt: number,
  answeredAt: number,
  maxRoundTripMs = 10_000,
): number | null {
  if (!dateHeader) return null;
  const server = Date.parse(dateHeader);
  if (Number.isNaN(server)) return null;
  const roundTrip = answeredAt - sentAt;
  if (roundTrip < 0 || roundTrip > maxRoundTripMs) return null;
  return Math.round(server + 500 - (sentAt + roundTrip / 2));
}
