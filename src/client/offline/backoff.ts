/** First retry after a transient failure. */
export const BACKOFF_BASE_MS = 2_000;
/** Retries never wait longer than this. */
export const BACKOFF_MAX_MS = 5 * 60_000;

/**
 * Exponential back-off with jitter: attempt n waits between half and all of min(max, base·2^(n-1)),
 * so that many tablets coming back online at once do not hit the server in step. A server's
 * `Retry-After` is honoured when it asks for longer.
 */
export function backoffDelay(attempt: number, random: () => number, retryAfterMs = 0): number {
  const exponent = Math.max(0, Math.min(attempt, 30) - 1);
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** exponent);
  const jittered = Math.round(ceiling / 2 + (random() * ceiling) / 2);
  return Math.max(jittered, retryAfterMs);
}

/** `Retry-After` as milliseconds (seconds or an HTTP date), 0 when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number {
  if (!value) return 0;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? 0 : Math.max(0, date - now);
}
