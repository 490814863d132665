import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { syncCounter, syncState } from '../../db/schema';

/*
 * The change cursor. Of the two designs that keep a pull from skipping a late commit we use the counter
 * row, not xid8 snapshots:
 * - Every synced write transaction locks the one `sync_counter` row first (runWrite does it before any
 *   work, by taking the first value it will stamp with) and stamps each row it writes with the next value. A second writer waits for that lock, so it
 *   can only obtain a higher value after the first has committed: commit order = cursor order. A pull
 *   that sees value N therefore already sees every row stamped ≤ N, and never skips a late commit.
 * - It works unchanged on PGlite (one connection, nothing to wait for) and PostgreSQL, needs no
 *   snapshot arithmetic in the pull, and the cursor stays one small integer.
 * - The cost is that synced writes are serialised. Fleet writes are a few per second at most, each a
 *   short transaction, so the lock is never the bottleneck; taking it first in every synced write also
 *   rules out lock-order deadlocks between writers.
 */

/** Takes the counter row lock for the rest of the transaction. */
export async function lockChangeCounter(tx: Executor): Promise<void> {
  await tx.select({ value: syncCounter.value }).from(syncCounter).where(eq(syncCounter.id, 1)).for('update');
}

/** The next cursor value; call only inside a transaction that holds the counter lock. */
export async function nextChangeSeq(tx: Executor): Promise<number> {
  const [row] = await tx
    .update(syncCounter)
    .set({ value: sql`${syncCounter.value} + 1` })
    .where(eq(syncCounter.id, 1))
    .returning({ value: syncCounter.value });
  if (!row) throw new Error('sync_counter row is missing (migration 0001 seeds it)');
  return row.value;
}

/** The highest committed cursor value visible to this executor's snapshot. */
export async function currentChangeSeq(executor: Executor): Promise<number> {
  const [row] = await executor
    .select({ value: syncCounter.value })
    .from(syncCounter)
    .where(eq(syncCounter.id, 1));
  return row?.value ?? 0;
}

/**
 * The newest committed cursor value and the retention minimum, read in one statement outside any
 * snapshot: what a pull starting now would see at least.
 */
export async function readSyncHead(executor: Executor): Promise<{ head: number; minCursor: number }> {
  const [row] = await executor
    .select({ head: syncCounter.value, minCursor: syncState.minCursor })
    .from(syncCounter)
    .leftJoin(syncState, eq(syncState.id, 1))
    .where(eq(syncCounter.id, 1));
  return { head: row?.head ?? 0, minCursor: row?.minCursor ?? 0 };
}
