import Dexie, { type ObservabilitySet } from 'dexie';
import type { OfflineDb } from '../db';

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
