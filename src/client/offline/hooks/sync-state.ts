import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncCollection } from '../collections';
import type { OfflineDb } from '../db';
import type { SyncStatus } from '../engine';
import { useSyncEngine } from '../engine-context';
import { useStore as useValueStore } from '@/client/lib/store';
import type { OutboxEntry, RecordSyncState } from '../types';
import { recordStateOf } from './outbox';
import { useOutboxValue } from './outbox-value';

const EMPTY: OutboxEntry[] = [];

/** The engine's in-memory state: replaying, paused for sign-in, back-off, last error. */
export function useSyncStatus(): SyncStatus {
  return useValueStore(useSyncEngine().status);
}

/** *waiting to sync* / *failed* / *conflict* for one record, null when nothing waits. */
export function useRecordSyncState(
  collection: SyncCollection,
  id: string | null | undefined,
): RecordSyncState | null {
  const engine = useSyncEngine();
  const entries = useLiveQuery(
    () =>
      id
        ? engine.db.outbox.where('[collection+recordId]').equals([collection, id]).toArray()
        : Promise.resolve(EMPTY),
    [engine, collection, id],
    EMPTY,
  );
  return recordStateOf(entries);
}

const NO_STATES: ReadonlyMap<string, RecordSyncState> = new Map();

/**
 * The sync state of every record of a collection with changes in the outbox, from the index alone
 * (every record with an entry waits) plus the few failed and conflicting entries, read whole and
 * ranked by recordStateOf.
 */
export async function readCollectionSyncStates(
  db: OfflineDb,
  collection: SyncCollection,
): Promise<ReadonlyMap<string, RecordSyncState>> {
  return db.transaction('r', ['outbox'], async () => {
    const [keys, stuck] = await Promise.all([
      db.outbox
        .where('[collection+recordId]')
        .between([collection, Dexie.minKey], [collection, Dexie.maxKey])
        .keys(),
      db.outbox.where('state').anyOf('failed', 'conflict').toArray(),
    ]);
    const states = new Map<string, RecordSyncState>();
    for (const key of keys) states.set((key as unknown as [string, string])[1], 'waiting');
    const stuckByRecord = new Map<string, OutboxEntry[]>();
    for (const entry of stuck) {
      if (entry.collection !== collection) continue;
      stuckByRecord.set(entry.recordId, [...(stuckByRecord.get(entry.recordId) ?? []), entry]);
    }
    for (const [id, entries] of stuckByRecord) states.set(id, recordStateOf(entries)!);
    return states;
  });
}

/** The sync state of every record of a collection that has waiting changes (for list rows). */
export function useCollectionSyncStates(collection: SyncCollection): ReadonlyMap<string, RecordSyncState> {
  return useOutboxValue(readCollectionSyncStates, collection, NO_STATES);
}
