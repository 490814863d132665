import { and, eq, like, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { loginThrottle } from '../../db/schema';

/** An address may fail this many times more than one account before it is held back. */
export const IP_BUDGET_FACTOR = 4;
/** The first wait after the free attempts; each further failure doubles it, up to the window. */
export const BASE_DELAY_SECONDS = 2;
/** Expired counters are swept every this many attempts, so the table stays small without a job. */
const SWEEP_EVERY = 100;

export interface ThrottleKeys {
  /** One account tried from one address: "pair:user:<id>|<ip>" or "pair:login:<name>|<ip>". */
  pair: string;
  /** Every attempt from one address, whatever account it names. */
  ip: string;
}

export interface Reservation {
  limited: boolean;
  /** Seconds until the next attempt is allowed (0 when not limited). */
  retryAfterSeconds: number;
}

export interface LoginThrottle {
  /**
   * Counts one attempt for the account from this address and for the address before the password is
   * checked, so parallel guesses cannot slip past the limit and a held-back attempt costs no argon2.
   */
  reserve(keys: ThrottleKeys): Promise<Reservation>;
  /** A good password: forget this pair's failures and give the address its attempt back. */
  succeeded(keys: ThrottleKeys): Promise<void>;
}

export function throttleKeys(login: string, userId: string | null | undefined, ip: string): ThrottleKeys {
  const account = userId ? `user:${userId}` : `login:${login.trim().toLowerCase()}`;
  return { pair: `pair:${account}|${ip}`, ip: `ip:${ip}` };
}

/** Every counter of one account, from whichever address (an admin reset or a new password clears them). */
export async function forgetAccount(db: Executor, userId: string): Promise<void> {
  await db.delete(loginThrottle).where(like(loginThrottle.key, `pair:user:${userId}|%`));
}

/**
 * Counters in the shared `login_throttle` table, timed by the database clock so every instance agrees.
 *
 * Account and address together: after LOGIN_MAX_ATTEMPTS failures each further attempt of that pair
 * waits BASE_DELAY_SECONDS, doubling per failure up to LOGIN_WINDOW_SECONDS; the counter is forgotten
 * a window after its last attempt. `window_start` holds that last attempt here. Nobody can hold an
 * account back from another address, so a guesser never locks its owner out (the account's own
 * guesses from many addresses still each pay the growing delays).
 *
 * Address alone: a fixed window with IP_BUDGET_FACTOR times the budget, so one client cannot spray
 * guesses across many accounts.
 */
export function createLoginThrottle(
  db: Database,
  opts: { maxAttempts: number; windowSeconds: number },
): LoginThrottle {
  const window = sql`make_interval(secs => ${opts.windowSeconds})`;
  const expired = sql`${loginThrottle.windowStart} <= now() - ${window}`;
  const ipLimit = opts.maxAttempts * IP_BUDGET_FACTOR;
  // The wait that follows `failures` failed attempts of one pair.
  const delay = sql`make_interval(secs => least(${BASE_DELAY_SECONDS} * power(2, greatest(${loginThrottle.failures} - ${opts.maxAttempts}, 0)), ${opts.windowSeconds}))`;
  let calls = 0;

  async function waitFor(key: string, until: ReturnType<typeof sql>): Promise<number> {
    const [row] = await db
      .select({
        seconds: sql<number>`greatest(ceil(extract(epoch from (${until} - now()))), 1)::int`,
      })
      .from(loginThrottle)
      .where(eq(loginThrottle.key, key));
    return Number(row?.seconds ?? 1);
  }

  return {
    async reserve(keys) {
      if (++calls % SWEEP_EVERY === 0) await db.delete(loginThrottle).where(expired);

      // The pair counts only when its wait is over; a refused attempt changes nothing.
      const pair = await db
        .insert(loginThrottle)
        .values({ key: keys.pair, windowStart: sql`now()`, failures: 1 })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`,
            windowStart: sql`now()`,
          },
          setWhere: sql`${expired} or ${loginThrottle.failures} < ${opts.maxAttempts} or now() >= ${loginThrottle.windowStart} + ${delay}`,
        })
        .returning({ key: loginThrottle.key });
      if (pair.length === 0) {
        const retryAfterSeconds = await waitFor(keys.pair, sql`${loginThrottle.windowStart} + ${delay}`);
        return { limited: true, retryAfterSeconds };
      }

      const address = await db
        .insert(loginThrottle)
        .values({ key: keys.ip, windowStart: sql`now()`, failures: 1 })
        .onConflictDoUpdate({
          target: loginThrottle.key,
          set: {
            failures: sql`case when ${expired} then 1 else ${loginThrottle.failures} + 1 end`,
            windowStart: sql`case when ${expired} then now() else ${loginThrottle.windowStart} end`,
          },
          setWhere: sql`${expired} or ${loginThrottle.failures} < ${ipLimit}`,
        })
        .returning({ key: loginThrottle.key });
      if (address.length === 0) {
        const retryAfterSeconds = await waitFor(keys.ip, sql`${loginThrottle.windowStart} + ${window}`);
        return { limited: true, retryAfterSeconds };
      }
      return { limited: false, retryAfterSeconds: 0 };
    },

    async succeeded(keys) {
      await db.delete(loginThrottle).where(eq(loginThrottle.key, keys.pair));
      await db
        .update(loginThrottle)
        .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
        .where(and(eq(loginThrottle.key, keys.ip)));
    },
  };
}
