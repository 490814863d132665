import { useEffect, useState } from 'react';
import type { SyncCollection } from '../collections';
import { useSyncEngine } from '../engine-context';
import type { SyncedRow } from '../types';
import { onTableChanged } from './table-changes';

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
