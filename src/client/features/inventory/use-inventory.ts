import { useMemo } from 'react';
import { inventorySearchText, matchesInventoryFilter } from '@/domain/inventory';
import { useCollectionRows, useCollectionSyncStates } from '@/client/offline';
import {
  distinctValues,
  tagCounts,
  toInventoryRecord,
  type InventoryFilterState,
  type InventoryRecord,
  type TagCount,
} from './model';

export interface InventoryView {
  /** undefined while IndexedDB loads. */
  all: InventoryRecord[] | undefined;
  /** The items the filter lets through, by name. */
  items: InventoryRecord[];
  /** The search text `items` answer. */
  query: string;
  error: Error | null;
  tags: TagCount[];
  types: string[];
  locations: string[];
  syncStates: ReturnType<typeof useCollectionSyncStates>;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Each item's search text, made once per loaded item rather than on every keystroke. */
const searchTexts = new WeakMap<InventoryRecord, string>();

function searchTextOf(item: InventoryRecord): string {
  let text = searchTexts.get(item);
  if (text === undefined) {
    text = inventorySearchText(item);
    searchTexts.set(item, text);
  }
  return text;
}

/** Every item on this device (deleted ones left out), ordered by name; a failed read is reported. */
function useAllItems(attempt: number): { all: InventoryRecord[] | undefined; error: Error | null } {
  const loaded = useCollectionRows('inventory', attempt);
  return useMemo(() => {
    if (!loaded) return { all: undefined, error: null };
    if (loaded.error) return { all: undefined, error: loaded.error };
    const all = loaded.rows
      .filter((row) => !row.deletedAt)
      .map(toInventoryRecord)
      .sort((a, b) => collator.compare(a.name, b.name) || (a.id < b.id ? -1 : 1));
    // The search texts are made with the list, so the first keystroke does not make 10,000 of them.
    for (const item of all) searchTextOf(item);
    return { all, error: null };
  }, [loaded]);
}

/** The list the screen shows: the device's items through the filter (the API's rules, run locally). */
/** `attempt`: raised by Retry after a failed read. */
export function useInventory(filter: InventoryFilterState, attempt = 0): InventoryView {
  const { all, error } = useAllItems(attempt);
  const syncStates = useCollectionSyncStates('inventory');
  // 10,000 items filter in a few milliseconds (the search texts are made once), so the list follows
  // every keystroke in the same render (tests/bench/inventory.ts measures it).
  const items = useMemo(() => {
    if (!all) return [];
    const query = {
      q: filter.q,
      tag: filter.tag ?? undefined,
      type: filter.type ?? undefined,
      location: filter.location ?? undefined,
      lowStock: filter.lowStock || undefined,
    };
    return all.filter((item) => matchesInventoryFilter(item, query, searchTextOf(item)));
  }, [all, filter]);
  const facets = useMemo(
    () => ({
      tags: all ? tagCounts(all) : [],
      types: all ? distinctValues(all.map((i) => i.type)) : [],
      locations: all ? distinctValues(all.map((i) => i.location)) : [],
    }),
    [all],
  );
  return { all, items, query: filter.q, error, syncStates, ...facets };
}
