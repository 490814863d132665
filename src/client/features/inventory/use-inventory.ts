import { useDeferredValue, useMemo } from 'react';
import { matchesInventoryFilter } from '@/domain/inventory';
import { useCollectionSyncStates, useLiveQuery, useSyncEngine, type SyncedRow } from '@/client/offline';
import {
  distinctValues,
  tagCounts,
  toInventoryRecord,
  type InventoryFilterState,
  type InventoryRecord,
  type TagCount,
} from './model';

type Loaded = { rows: SyncedRow[]; error: null } | { rows: null; error: Error };

export interface InventoryView {
  /** undefined while IndexedDB loads. */
  all: InventoryRecord[] | undefined;
  /** The items the filter lets through, by name. */
  items: InventoryRecord[];
  error: Error | null;
  tags: TagCount[];
  types: string[];
  locations: string[];
  syncStates: ReturnType<typeof useCollectionSyncStates>;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Every item on this device (deleted ones left out), ordered by name; a failed read is reported. */
function useAllItems(attempt: number): { all: InventoryRecord[] | undefined; error: Error | null } {
  const engine = useSyncEngine();
  const loaded = useLiveQuery(
    (): Promise<Loaded> =>
      engine.db.inventory.toArray().then(
        (rows) => ({ rows, error: null }),
        (error: unknown) => ({
          rows: null,
          error: error instanceof Error ? error : new Error(String(error)),
        }),
      ),
    [engine, attempt],
  );
  return useMemo(() => {
    if (!loaded) return { all: undefined, error: null };
    if (loaded.error) return { all: undefined, error: loaded.error };
    const all = loaded.rows
      .filter((row) => !row.deletedAt)
      .map(toInventoryRecord)
      .sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
    return { all, error: null };
  }, [loaded]);
}

/** The list the screen shows: the device's items through the filter (the API's rules, run locally). */
/** `attempt`: raised by Retry after a failed read. */
export function useInventory(filter: InventoryFilterState, attempt = 0): InventoryView {
  const { all, error } = useAllItems(attempt);
  const syncStates = useCollectionSyncStates('inventory');
  // Typing stays responsive with 10,000 items: the list follows the newest text when it can.
  const deferred = useDeferredValue(filter);
  const items = useMemo(() => {
    if (!all) return [];
    const query = {
      q: deferred.q,
      tag: deferred.tag ?? undefined,
      type: deferred.type ?? undefined,
      location: deferred.location ?? undefined,
      lowStock: deferred.lowStock || undefined,
    };
    return all.filter((item) => matchesInventoryFilter(item, query));
  }, [all, deferred]);
  const facets = useMemo(
    () => ({
      tags: all ? tagCounts(all) : [],
      types: all ? distinctValues(all.map((i) => i.type)) : [],
      locations: all ? distinctValues(all.map((i) => i.location)) : [],
    }),
    [all],
  );
  return { all, items, error, syncStates, ...facets };
}
