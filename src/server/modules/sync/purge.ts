import { eq, sql } from 'drizzle-orm';
import { SYNC_TOMBSTONE_RETENTION_DAYS } from '@/domain/sync';
import type { Database } from '../../db/client';
import { syncState } from '../../db/schema';
import { withJobLock } from '../../plugins/idempotency';
import type { SyncRegistry } from './registry';

const TOMBSTONE_PURGE_LOCK_ID = 724_311_302;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes tombstones older than the retention from every registered collection and raises
 * `sync_state.min_cursor` to the highest purged cursor in the same transaction: a client whose cursor is
 * below it may have missed one of those deletions, so its pull answers 410 and it re-mirrors.
 * Returns the purged rows' files (remove them from storage after this resolves) and the new minimum.
 */
export async function purgeTombstones(
  db: Database,
  registry: SyncRegistry,
  options: { retentionDays?: number; now?: Date } = {},
): Promise<{ minCursor: number; files: string[] } | undefined> {
  const retentionDays = options.retentionDays ?? SYNC_TOMBSTONE_RETENTION_DAYS;
  const before = new Date((options.now ?? new Date()).getTime() - retentionDays * DAY_MS);
  return withJobLock(db, TOMBSTONE_PURGE_LOCK_ID, async (tx) => {
    let maxSeq = 0;
    const files: string[] = [];
    for (const collection of registry.list()) {
      const purged = await collection.purgeTombstones(tx, before);
      maxSeq = Math.max(maxSeq, purged.maxSeq);
      files.push(...purged.files);
    }
    const [state] = await tx
      .update(syncState)
      .set({ minCursor: sql`greatest(${syncState.minCursor}, ${maxSeq})`, purgedAt: new Date() })
      .where(eq(syncState.id, 1))
      .returning({ minCursor: syncState.minCursor });
    return { minCursor: state?.minCursor ?? maxSeq, files };
  });
}
