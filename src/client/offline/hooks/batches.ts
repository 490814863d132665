import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncCollection } from '../collections';
import type { OfflineDb } from '../db';
import { useSyncEngine } from '../engine-context';
import { BATCH_META_PREFIX, type BatchResult } from '../types';

/** A queued batch with where it stands: in the outbox (`waiting`, `sending`, `failed`) or `done`. */
export interface BatchStatus extends BatchResult {
  state: 'waiting' | 'sending' | 'failed' | 'done';
  /** The server's or the engine's reason while it is failed (or the last transient error). */
  error: string | null;
}

/** The user's batches of a collection on this device (see `enqueueBatch`), oldest first. */
export async function readBatchStatuses(
  db: OfflineDb,
  collection: SyncCollection,
  userId: string | null,
): Promise<BatchStatus[]> {
  if (userId === null) return [];
  return db.transaction('r', ['meta', 'outbox'], async () => {
    const rows = await db.meta.where('key').startsWith(BATCH_META_PREFIX).toArray();
    const statuses: BatchStatus[] = [];
    for (const row of rows) {
      const batch = row.value as BatchResult;
      if (batch.collection !== collection || batch.userId !== userId) continue;
      if (batch.doneAt !== null) {
        statuses.push({ ...batch, state: 'done', error: null });
        continue;
      }
      const entry = await db.outbox.where('id').equals(batch.id).first();
      // Neither answered nor waiting: its entry was dropped with the outbox (signed out and discarded).
      if (!entry) continue;
      const state = entry.state === 'conflict' ? 'failed' : entry.state;
      statuses.push({ ...batch, state, error: entry.error });
    }
    return statuses.sort((a, b) => a.queuedAt.localeCompare(b.queuedAt));
  });
}

const NO_BATCHES: BatchStatus[] = [];

export function useBatchStatuses(collection: SyncCollection, userId: string | null): BatchStatus[] {
  const engine = useSyncEngine();
  return useLiveQuery(
    () => readBatchStatuses(engine.db, collection, userId).catch(() => NO_BATCHES),
    [engine, collection, userId],
    NO_BATCHES,
  );
}
