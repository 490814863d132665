import type { SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/*
 * Raw aggregate queries for the analytics module. Both drivers (node-postgres, PGlite) hand back
 * `{ rows }`; counts and sums may arrive as strings (bigint, numeric), so readers go through `num`.
 */

export async function rowsOf<T>(executor: Executor, query: SQL): Promise<T[]> {
  const result = await executor.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/** A database number (int, bigint as string, float, null) as a JS number; null stays null. */
export function numOrNull(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

export const num = (value: unknown): number => numOrNull(value) ?? 0;

/** Rounded to `digits` decimals (hours to 0.1, rates to 0.001, money to cents). */
export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export const roundOrNull = (value: unknown, digits: number): number | null => {
  const n = numOrNull(value);
  return n === null ? null : round(n, digits);
};

/** Cents → decimal amount. */
export const fromCents = (cents: unknown): number => round(num(cents) / 100, 2);

/** One point per bucket, in bucket order; buckets without a row get `empty(period)`. */
export function fillBuckets<R extends { period: string }, P>(
  buckets: readonly string[],
  rows: readonly R[],
  toPoint: (period: string, row: R | undefined) => P,
): P[] {
  const byPeriod = new Map(rows.map((row) => [row.period, row]));
  return buckets.map((period) => toPoint(period, byPeriod.get(period)));
}

/** The day after `day` (`YYYY-MM-DD`): the exclusive end of a range of timestamps. */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}
