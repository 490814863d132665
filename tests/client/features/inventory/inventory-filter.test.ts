import { describe, expect, it } from 'vitest';
import { matchesInventoryFilter } from '@/domain/inventory';
import {
  EMPTY_FILTER,
  toInventoryRecord,
  type InventoryFilterState,
} from '@/client/features/inventory/model';
import { filterInventory, inventoryQuery } from '@/client/features/inventory/use-inventory';
import { item } from './inventory-harness';

const NAMES = ['Ölfilter', 'Hydraulikschlauch', 'Keilriemen', 'Dichtungssatz', 'Luftfilter', 'Zahn'];
const MAKERS = ['Bosch', 'Mann', null, 'CAT'];

const ALL = Array.from({ length: 400 }, (_, i) =>
  toInventoryRecord(
    item(`${NAMES[i % NAMES.length]} Teil ${i}`, {
      maker: MAKERS[i % MAKERS.length] ?? null,
      type: i % 3 === 0 ? 'Filter' : 'Hydraulik',
      location: i % 2 === 0 ? 'Lager 1' : 'Werkstatt',
      tags: i % 5 === 0 ? ['Motor'] : [],
      quantity: i % 7,
      minQuantity: 2,
    }),
  ),
);

/** Every item tested again: what the narrowing must agree with. */
function everyItem(filter: InventoryFilterState) {
  return ALL.filter((i) => matchesInventoryFilter(i, inventoryQuery(filter))).map((i) => i.name);
}

describe('filterInventory', () => {
  it('agrees with testing every item while someone types, erases and changes the other filters', () => {
    const steps: InventoryFilterState[] = [];
    const type = (q: string, rest: Partial<InventoryFilterState> = {}) => {
      for (let n = 1; n <= q.length; n++) steps.push({ ...EMPTY_FILTER, ...rest, q: q.slice(0, n) });
    };
    type('filter');
    type('fil'); // erased back: no longer contains the last search
    type('teil 1');
    type('teil 1', { lowStock: true }); // same search, another filter
    type('teil 12', { lowStock: true, type: 'Filter' });
    type('bosch', { location: 'Lager 1' });
    type('motor', { tag: 'Motor' });
    // A longer search with a looser filter: the last (low-stock) result is not enough.
    steps.push({ ...EMPTY_FILTER, q: 'teil 1', lowStock: true }, { ...EMPTY_FILTER, q: 'teil 12' });
    steps.push({ ...EMPTY_FILTER, q: '  OELFILTER ' }, { ...EMPTY_FILTER, q: 'l' }, { ...EMPTY_FILTER });
    for (const step of steps) {
      expect(
        filterInventory(ALL, step).map((i) => i.name),
        JSON.stringify(step),
      ).toEqual(everyItem(step));
    }
  });

  it('goes through the last result, not every item, when the search grows', () => {
    const list = ALL.slice();
    const first = filterInventory(list, { ...EMPTY_FILTER, q: 'teil 1' });
    // A changed item in the list is not seen when the search only grows: the narrowing goes through
    // the last result. (A list that changes is a new array: useAllItems makes one per read.)
    list.push(toInventoryRecord(item('Teil 1000 spät')));
    expect(filterInventory(list, { ...EMPTY_FILTER, q: 'teil 10' }).map((i) => i.name)).toEqual(
      first.filter((i) => i.name.toLowerCase().includes('teil 10')).map((i) => i.name),
    );
    expect(filterInventory(list, { ...EMPTY_FILTER, q: 'teil' }).map((i) => i.name)).toContain(
      'Teil 1000 spät',
    );
  });
});
