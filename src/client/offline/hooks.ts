import Dexie, { type ObservabilitySet } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import type { SyncCollection } from './collections';
import type { OfflineDb } from './db';
import type { SyncStatus } from './engine';
import { useSyncEngine } from './engine-context';
import { fileRowToBlob } from './files';
import { useValueStore } from './store';
import {
  BATCH_META_PREFIX,
  type BatchResult,
  type FileRow,
  type OutboxEntry,
  type RecordSyncState,
  type SyncedRow,
} from './types';

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

const NO_ENTRIES: OutboxSummary = { waiting: 0, failed: 0, conflict: 0, otherUsers: 0 };

/**
 * `summarize` from index counts: the top bar shows it on every page and it re-runs on every outbox
 * change, so it must not read the entries (bodies, photos) of a long outbox while it replays. Only
 * other users' entries, rare, are read.
 */
export async function readOutboxSummary(db: OfflineDb, userId: string | null): Promise<OutboxSummary> {
  return db.transaction('r', ['outbox'], async () => {
    const total = await db.outbox.count();
    if (userId === null) return { ...NO_ENTRIES, otherUsers: total };
    // Two plain key ranges: Dexie's notEqual walks a cursor through every entry of `userId`.
    const [failed, conflict, before, after] = await Promise.all([
      db.outbox.where('state').equals('failed').count(),
      db.outbox.where('state').equals('conflict').count(),
      db.outbox.where('userId').below(userId).toArray(),
      db.outbox.where('userId').above(userId).toArray(),
    ]);
    const others = [...before, ...after];
    const theirs = summarize(others, null);
    const ownFailed = failed - others.filter((e) => e.state === 'failed').length;
    const ownConflict = conflict - others.filter((e) => e.state === 'conflict').length;
    return {
      waiting: total - theirs.otherUsers - ownFailed - ownConflict,
      failed: ownFailed,
      conflict: ownConflict,
      otherUsers: theirs.otherUsers,
    };
  });
}

/**
 * Calls `onChange` after every commit that changed `table` of `db`, in this tab or another (Dexie's
 * storagemutated). Returns the unsubscribe function. For reads that must not re-run on every commit
 * the way a live query does (they throttle or gather the changes themselves).
 */
export function onTableChanged(db: OfflineDb, table: string, onChange: () => void): () => void {
  const prefix = `idb://${db.name}/${table}/`;
  const listener = (parts: ObservabilitySet) => {
    if (Object.keys(parts).some((part) => part.startsWith(prefix))) onChange();
  };
  Dexie.on.storagemutated.subscribe(listener);
  return () => Dexie.on.storagemutated.unsubscribe(listener);
}

/** How often at most the outbox's badge and list states are read again while entries change. */
export const OUTBOX_REFRESH_MS = 200;

/**
 * A value read from the outbox, read again at most every OUTBOX_REFRESH_MS while it changes (in this
 * tab or another). A replay changes the outbox twice per entry; a live query would re-read and
 * re-render on every one of those commits.
 */
function useOutboxValue<T, A>(read: (db: OfflineDb, arg: A) => Promise<T>, arg: A, initial: T): T {
  const engine = useSyncEngine();
  const [value, setValue] = useState<{ arg: A; value: T }>({ arg, value: initial });
  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let running = false;
    let again = false;
    const run = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        const next = await read(engine.db, arg);
        if (active) setValue({ arg, value: next });
      } catch {
        // A closed database (another tab upgraded it) keeps the last value; the reload dialog says why.
      } finally {
        running = false;
      }
      if (again && active) {
        again = false;
        schedule();
      }
    };
    const schedule = () => {
      timer ??= setTimeout(() => {
        timer = null;
        void run();
      }, OUTBOX_REFRESH_MS);
    };
    const unsubscribe = onTableChanged(engine.db, 'outbox', schedule);
    void run();
    return () => {
      active = false;
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  }, [engine, read, arg]);
  return Object.is(value.arg, arg) ? value.value : initial;
}

export function useOutboxSummary(userId: string | null): OutboxSummary {
  return useOutboxValue(readOutboxSummary, userId, NO_ENTRIES);
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

/** How long a collection's list waits at most for a running pull before showing its rows so far. */
export const PULL_REFRESH_MS = 2000;

export type CollectionRead = { rows: SyncedRow[]; error: null } | { rows: null; error: Error };

/**
 * Every row of a mirrored collection (a list screen's source), read again when the collection changes
 * in this tab or another. While a pull writes pages it is read again when the pull ends, or every
 * PULL_REFRESH_MS in a long one: a 10,000-row mirror then re-reads and re-renders the list a few times
 * instead of once per page, which would double its time. A failed read is returned, not thrown.
 * `attempt`: raise it to read again after a failure.
 */
export function useCollectionRows(collection: SyncCollection, attempt = 0): CollectionRead | undefined {
  const engine = useSyncEngine();
  const [state, setState] = useState<{ key: string; read: CollectionRead } | undefined>();
  const key = `${collection}:${attempt}`;
  useEffect(() => {
    let active = true;
    let running = false;
    let again = false;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const run = async () => {
      if (timer) clearTimeout(timer);
      timer = null;
      if (running) {
        again = true;
        return;
      }
      running = true;
      let read: CollectionRead;
      try {
        read = { rows: await engine.db.collection(collection).toArray(), error: null };
      } catch (error) {
        read = { rows: null, error: error instanceof Error ? error : new Error(String(error)) };
      }
      running = false;
      if (active) setState({ key, read });
      if (again && active) {
        again = false;
        changed();
      }
    };
    const changed = () => {
      if (!engine.status.get().pulling) void run();
      else timer ??= setTimeout(() => void run(), PULL_REFRESH_MS);
    };
    let wasPulling = engine.status.get().pulling;
    const unsubscribeStatus = engine.status.subscribe(() => {
      const pulling = engine.status.get().pulling;
      // A pull ended with changes still unread: read them now.
      if (wasPulling && !pulling && timer) void run();
      wasPulling = pulling;
    });
    const unsubscribeTable = onTableChanged(engine.db, collection, changed);
    void run();
    return () => {
      active = false;
      if (timer) clearTimeout(timer);
      unsubscribeStatus();
      unsubscribeTable();
    };
  }, [engine, collection, key]);
  return state?.key === key ? state.read : undefined;
}
