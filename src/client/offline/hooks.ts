import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo } from 'react';
import type { SyncCollection } from './collections';
import type { SyncStatus } from './engine';
import { useSyncEngine } from './engine-context';
import { fileRowToBlob } from './files';
import { useValueStore } from './store';
import type { FileRow, OutboxEntry, RecordSyncState, SyncedRow } from './types';

export { useLiveQuery };

const EMPTY: OutboxEntry[] = [];

/** Conflict outranks failed outranks waiting: the row shows what needs a person first. */
export function recordStateOf(entries: readonly OutboxEntry[]): RecordSyncState | null {
  if (entries.length === 0) return null;
  if (entries.some((e) => e.state === 'conflict')) return 'conflict';
  if (entries.some((e) => e.state === 'failed')) return 'failed';
  return 'waiting';
}

/** Every outbox entry on this device, FIFO. */
export function useOutboxEntries(): OutboxEntry[] {
  const engine = useSyncEngine();
  // The top bar reads this on every page: a closed database (another tab upgraded it; the reload
  // dialog says so) or one the browser refuses shows no entries rather than breaking the shell.
  return useLiveQuery(
    () =>
      engine.db.outbox
        .orderBy('seq')
        .toArray()
        .catch(() => EMPTY),
    [engine],
    EMPTY,
  );
}

export interface OutboxSummary {
  /** Waiting or being sent. */
  waiting: number;
  failed: number;
  conflict: number;
  /** Entries written by another user on this device (replayed only when that user signs in). */
  otherUsers: number;
}

export function summarize(entries: readonly OutboxEntry[], userId: string | null): OutboxSummary {
  const summary: OutboxSummary = { waiting: 0, failed: 0, conflict: 0, otherUsers: 0 };
  for (const entry of entries) {
    if (entry.userId !== userId) summary.otherUsers++;
    else if (entry.state === 'failed') summary.failed++;
    else if (entry.state === 'conflict') summary.conflict++;
    else summary.waiting++;
  }
  return summary;
}

export function useOutboxSummary(userId: string | null): OutboxSummary {
  const entries = useOutboxEntries();
  return useMemo(() => summarize(entries, userId), [entries, userId]);
}

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

/** The sync state of every record of a collection that has waiting changes (for list rows). */
export function useCollectionSyncStates(collection: SyncCollection): ReadonlyMap<string, RecordSyncState> {
  const entries = useOutboxEntries();
  return useMemo(() => {
    const byRecord = new Map<string, OutboxEntry[]>();
    for (const entry of entries) {
      if (entry.collection !== collection) continue;
      byRecord.set(entry.recordId, [...(byRecord.get(entry.recordId) ?? []), entry]);
    }
    return new Map([...byRecord].map(([id, list]) => [id, recordStateOf(list)!]));
  }, [entries, collection]);
}

/** One mirrored record, live (undefined while loading, null when absent). */
export function useRecord(
  collection: SyncCollection,
  id: string | null | undefined,
): SyncedRow | null | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(
    async () => (id ? ((await engine.db.collection(collection).get(id)) ?? null) : null),
    [engine, collection, id],
  );
}

/** A cached document from `meta` (settings, user, checklist or logbook configuration, signature). */
export function useMetaValue<T>(key: string): T | undefined {
  const engine = useSyncEngine();
  return useLiveQuery(async () => (await engine.db.meta.get(key))?.value as T | undefined, [engine, key]);
}

export interface LocalFile {
  id: string;
  name: string;
  type: string;
  url: string;
}

/** Files of a record still waiting to upload, as object URLs (revoked when they change or unmount). */
export function useLocalFiles(recordId: string | null | undefined): LocalFile[] {
  const engine = useSyncEngine();
  const rows = useLiveQuery(
    (): Promise<FileRow[]> =>
      recordId ? engine.db.files.where('recordId').equals(recordId).toArray() : Promise.resolve([]),
    [engine, recordId],
  );
  const files = useMemo(
    () =>
      (rows ?? []).map((row) => ({
        id: row.id,
        name: row.name,
        type: row.type,
        url: URL.createObjectURL(fileRowToBlob(row)),
      })),
    [rows],
  );
  useEffect(() => () => files.forEach((file) => URL.revokeObjectURL(file.url)), [files]);
  return files;
}
