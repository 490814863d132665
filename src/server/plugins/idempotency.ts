import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_RETENTION_DAYS } from '@/domain/sync';
import type { Database, Executor } from '../db/client';
import { idempotencyKeys } from '../db/schema';

/*
 * Idempotency-Key storage for the outbox replay. The write path (plugins/write.ts) calls these inside
 * the write's own transaction:
 *   1. lockIdempotencyKey: a transaction-scoped advisory lock on (user, key). Not obtained → the first
 *      request with this key is still running → 409 + Retry-After. The lock is tried, never waited for,
 *      so nothing blocks (and on PGlite, one connection, the lock is always free: requests there run one
 *      transaction at a time anyway).
 *   2. findIdempotencyRecord: a committed answer → replay it, or 422 when the fingerprint differs.
 *   3. the write runs; storeIdempotencyRecord saves status, body and headers; all commit together.
 * A failed write rolls back and leaves no record, so a retry runs again (the outbox resends after a
 * 409 merge with the same key and a new body: storing the failure would turn that into a 422).
 *
 * Retention: records are kept IDEMPOTENCY_RETENTION_DAYS (90) days. purgeIdempotencyKeys runs at start
 * and daily (under an advisory lock, so one instance of several does it).
 */

/** Two-int advisory lock namespace for keys; the single-bigint space is used by jobs and migrations. */
const IDEMPOTENCY_LOCK_NAMESPACE = 724_311;
const IDEMPOTENCY_PURGE_LOCK_ID = 724_311_301;
const DAY_MS = 24 * 60 * 60 * 1000;

/** `locked` of the first row of a raw result: node-postgres and PGlite both answer `{ rows }`. */
function lockedOf(result: unknown): boolean {
  return (result as { rows?: Array<{ locked?: unknown }> }).rows?.[0]?.locked === true;
}

export type IdempotencyRecord = typeof idempotencyKeys.$inferSelect;

/** JSON with object keys sorted at every level, so equal bodies hash equally whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (Buffer.isBuffer(value)) return JSON.stringify(`sha256:${sha256(value)}`);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function sha256(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * The request fingerprint: method, path (with query) and a hash of the canonical body. Multipart
 * writes pass `{ fields, files: [{ field, sha256 }] }` as the body, so a changed file changes it.
 */
export function requestFingerprint(method: string, url: string, body: unknown): string {
  return sha256(`${method.toUpperCase()} ${url}\n${canonicalJson(body ?? null)}`);
}

/** True when this transaction now holds the key; false when another transaction holds it (in flight). */
export async function lockIdempotencyKey(tx: Executor, userId: string, key: string): Promise<boolean> {
  const result = await tx.execute(
    sql`select pg_try_advisory_xact_lock(${IDEMPOTENCY_LOCK_NAMESPACE}::int4, hashtext(${`${userId}:${key}`})) as locked`,
  );
  return lockedOf(result);
}

export async function findIdempotencyRecord(
  executor: Executor,
  userId: string,
  key: string,
): Promise<IdempotencyRecord | undefined> {
  const [row] = await executor
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  return row;
}

export async function storeIdempotencyRecord(
  tx: Executor,
  record: Omit<IdempotencyRecord, 'createdAt'>,
): Promise<void> {
  await tx.insert(idempotencyKeys).values(record);
}

/** Deletes records older than the retention; returns how many went. */
export async function purgeIdempotencyKeys(
  db: Database,
  retentionDays = IDEMPOTENCY_RETENTION_DAYS,
  now = new Date(),
): Promise<number> {
  return withJobLock(db, IDEMPOTENCY_PURGE_LOCK_ID, async (tx) => {
    const gone = await tx
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - retentionDays * DAY_MS)))
      .returning({ key: idempotencyKeys.key });
    return gone.length;
  }).then((n) => n ?? 0);
}

/**
 * Runs `job` in a transaction holding advisory lock `lockId`, or returns undefined when another instance
 * holds it (scheduled jobs run on one instance at a time).
 */
export async function withJobLock<T>(
  db: Database,
  lockId: number,
  job: (tx: Executor) => Promise<T>,
): Promise<T | undefined> {
  return db.transaction(async (tx) => {
    const result = await tx.execute(sql`select pg_try_advisory_xact_lock(${lockId}::bigint) as locked`);
    if (!lockedOf(result)) return undefined;
    return job(tx);
  });
}

/**
 * Runs `job` once when the app is ready and then every `everyMs` (daily by default). Failures are logged,
 * never thrown; the timer does not keep the process alive and stops when the app closes.
 */
export function scheduleJob(
  app: FastifyInstance,
  name: string,
  job: () => Promise<unknown>,
  everyMs = DAY_MS,
) {
  const run = async () => {
    try {
      const result = await job();
      app.log.debug({ job: name, result }, 'scheduled job done');
    } catch (err) {
      app.log.error({ err, job: name }, 'scheduled job failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(() => void run(), everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}

/** Schedules the retention purge of idempotency records. */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    scheduleJob(app, 'idempotency-purge', () => purgeIdempotencyKeys(app.db));
  },
  { name: 'idempotency' },
);
