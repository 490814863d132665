import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginThrottle } from '../../db/schema';

/** An address may fail this many times more than one account before it is held back. */
export const IP_BUDGET_FACTOR = 4;
/** Expired counters are swept every this many attempts, so the table stays small without a job. */
const SWEEP_EVERY = 100;

export interface ThrottleKeys {
  /** "user:<id>" for a known account, "login:<name>" for an unknown one. */
  account: string;
  ip: string;
}

export interface Reservation {
  limited: boolean;
  /** Seconds until the blocking window ends (0 when not limited). */
  retryAfterSeconds: number;
}

export interface LoginThrottle {
  /**
   * Counts one attempt for the account and the address before the password is checked, so parallel
   * guesses cannot slip past the limit and a blocked attempt costs no argon2 work.
   */
  reserve(keys: ThrottleKeys): Promise<Reservation>;
  /** A good password: forget the account's failures and give the address its attempt back. */
  succeeded(keys: ThrottleKeys): Promise<void>;
}

export function throttleKeys(login: string, userId: string | null | undefined, ip: string): ThrottleKeys {
  return {
    account: userId ? `user:${userId}` : `login:${login.trim().toLowerCase()}`,
    ip: `ip:${ip}`,
  };
}

/**
 * Fixed windows per key in the shared `login_throttle` table, timed by the database clock so every
 * instance agrees. A window starts with its first attempt and ends LOGIN_WINDOW_SECONDS later
 * whatever happens inside it: an attacker can hold an account back for at most one window at a time,
 * and its owner signs in again as soon as it ends.
 */
export function createLoginThrottle(
  db: Database,
  opts: { maxAttempts: number; windowSeconds: number },
): LoginThrottle {
  const window = sql`make_interval(secs => ${opts.windowSeconds})`;
  const expired = sql`${loginThrottle.windowStart} <= now() - ${window}`;
  let calls = 0;

  return {
    async reserve(keys) {
      if (++calls % SWEEP_EVERY === 0) {
        await db.delete(loginThrottle).where(expired);
      }
      const rows = await db
        .insert(loginThrottle)
        .values([
          { key: keys.account, windowStart: sql`now()`, failures: 1 },
          { key: keys.ip, windowStart: sql`now()`, failures: 1 },
        ])
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`,
            windowStart: sql`case when ${expired} then now() else ${loginThrottle.windowStart} end`,
          },
        })
        .returning({
          key: loginThrottle.key,
          failures: loginThrottle.failures,
          retryAfter: sql<number>`greatest(ceil(extract(epoch from (${loginThrottle.windowStart} + ${window} - now()))), 1)::int`,
        });
      let retryAfterSeconds = 0;
      for (const row of rows) {
        const limit = row.key === keys.ip ? opts.maxAttempts * IP_BUDGET_FACTOR : opts.maxAttempts;
        if (row.failures > limit) retryAfterSeconds = Math.max(retryAfterSeconds, Number(row.retryAfter));
      }
      return { limited: retryAfterSeconds > 0, retryAfterSeconds };
    },

    async succeeded(keys) {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, keys.account));
      await db
        .update(loginThrottle)
        .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
        .where(eq(loginThrottle.key, keys.ip));
    },
  };
}
