import { useLiveQuery } from 'dexie-react-hooks';
import type { SyncCollection } from '../collections';
import { useSyncEngine } from '../engine-context';
import type { SyncedRow } from '../types';

// Screens take their live reads of the mirror from the offline engine's hooks, like the rest.
export { useLiveQuery };

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
