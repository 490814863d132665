import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { aiRateLimits } from '../../db/schema';
import { HttpError } from '../../http-error';

/** Length of the fixed rate-limit window. */
const WINDOW_SECONDS = 60;

/**
 * Counts one AI request of `userId` and refuses it (429 RATE_LIMITED) past `perMinute` in the current
 * one-minute window. The counter lives in the database — one atomic upsert per request — so the limit
 * holds across every instance on the same database.
 */
export async function takeAiRateLimit(executor: Executor, userId: string, perMinute: number): Promise<void> {
  const expired = sql`${aiRateLimits.windowStart} <= now() - make_interval(secs => ${WINDOW_SECONDS})`;
  const [row] = await executor
    .insert(aiRateLimits)
    .values({ key: `user:${userId}`, windowStart: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: aiRateLimits.key,
      set: {
        windowStart: sql`case when ${expired} then now() else ${aiRateLimits.windowStart} end`,
        count: sql`case when ${expired} then 1 else ${aiRateLimits.count} + 1 end`,
      },
    })
    .returning({
      count: aiRateLimits.count,
      retryAfter: sql<number>`greatest(1, ceil(${WINDOW_SECONDS} - extract(epoch from now() - ${aiRateLimits.windowStart})))::int`,
    });
  if (row && row.count > perMinute) {
    throw new HttpError(
      'RATE_LIMITED',
      `Too many AI requests: at most ${perMinute} per minute. Try again in ${row.retryAfter} s.`,
      { limit: perMinute, retryAfterSeconds: row.retryAfter },
    );
  }
}
