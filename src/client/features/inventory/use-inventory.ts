import { compareText } from '@/domain/format';
import { useMemo } from 'react';
import { inventoryMatcher, inventorySearchNeedle, inventorySearchText } from '@/domain/inventory';
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

/**
 * The last filtering of each loaded list. Typing on (a search that contains the last one, the other
 * filters unchanged) can only narrow the result, so it goes through the last result rather than all
 * 10,000 items.
 */
const lastFiltered = new WeakMap<
  readonly InventoryRecord[],
  { facets: string; needle: string; items: InventoryRecord[] }
>();

/** The screen's filter as the API's (and `inventoryMatcher`'s): empty choices left out. */
export function inventoryQuery(filter: InventoryFilterState) {
  return {
    q: filter.q,
    tag: filter.tag ?? undefined,
    type: filter.type ?? undefined,
    location: filter.location ?? undefined,
    lowStock: filter.lowStock || undefined,
  };
}

/** `all` through `filter`, in `all`'s order: the API's rules, run locally. */
export function filterInventory(
  all: readonly InventoryRecord[],
  filter: InventoryFilterState,
): InventoryRecord[] {
  const query = inventoryQuery(filter);
  const facets = JSON.stringify([query.tag, query.type, query.location, query.lowStock]);
  const needle = inventorySearchNeedle(query.q);
  const last = lastFiltered.get(all);
  const source = last && last.facets === facets && needle.includes(last.needle) ? last.items : all;
  const matches = inventoryMatcher(query);
  const items = source.filter((item) => matches(item, searchTextOf(item)));
  lastFiltered.set(all, { facets, needle, items });
  return items;
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
      .sort((a, b) => compareText(a.name, b.name) || (a.id < b.id ? -1 : 1));
    // The search texts are made with the list, so the first keystroke does not make 10,000 of them.
    for (const item of all) searchTextOf(item);
    return { all, error: null };
  }, [loaded]);
}

/**
 * The list the screen shows: the device's items through the filter (the API's rules, run locally).
 * `attempt`: raised by Retry after a failed read.
 */
export function useInventory(filter: InventoryFilterState, attempt = 0): InventoryView {
  const { all, error } = useAllItems(attempt);
  const syncStates = useCollectionSyncStates('inventory');
  // 10,000 items filter in a few milliseconds (the search texts are made once), so the list follows
  // every keystroke in the same render (tests/bench/inventory.ts measures it).
  const items = useMemo(() => (all ? filterInventory(all, filter) : []), [all, filter]);
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
