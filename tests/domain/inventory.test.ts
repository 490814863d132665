import { describe, expect, it } from 'vitest';
import {
  applyTagChanges,
  compareInventoryItems,
  crossesBelowMinimum,
  inventoryCreateSchema,
  inventoryInputFromForm,
  inventoryListQuerySchema,
  inventoryUpdateSchema,
  matchesInventoryFilter,
  normalizeTags,
  notEnoughStockMessage,
  renameTag,
  type InventoryItem,
} from '@/domain/inventory';
import { decodeIssue } from '@/domain/fields';

function fieldErrors(result: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? [])
    (out[issue.path.join('.')] ??= []).push(decodeIssue(issue.message).english);
  return out;
}

function item(extra: Partial<InventoryItem>): InventoryItem {
  return {
    id: '0',
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    createdBy: null,
    updatedAt: '2026-01-01T00:00:00.000Z',
    updatedBy: null,
    deletedAt: null,
    name: 'Part',
    maker: null,
    type: null,
    quantity: 0,
    price: null,
    notes: null,
    tags: [],
    photo: null,
    location: null,
    minQuantity: 0,
    maintenanceType: null,
    ...extra,
  };
}

describe('inventory item schema', () => {
  it('uses the spec messages for name, quantity and price', () => {
    expect(fieldErrors(inventoryCreateSchema.safeParse({ name: ' ', quantity: -1, price: -5 }))).toEqual({
      name: ['Name is required'],
      quantity: ['Quantity must be non-negative'],
      price: ['Price must be non-negative'],
    });
    expect(fieldErrors(inventoryCreateSchema.safeParse({}))).toEqual({ name: ['Name is required'] });
    expect(
      fieldErrors(inventoryCreateSchema.safeParse({ name: 'x', quantity: 2.5, minQuantity: -1 })),
    ).toEqual({
      quantity: ['Quantity must be a whole number'],
      minQuantity: ['Minimum quantity must be non-negative'],
    });
  });

  it('fills defaults, rounds the price to cents and normalises tags', () => {
    expect(
      inventoryCreateSchema.parse({
        name: ' Ölfilter ',
        price: 10.006,
        tags: [' Filter', 'filter ', '', 'Motor'],
      }),
    ).toEqual({
      name: 'Ölfilter',
      maker: null,
      type: null,
      quantity: 0,
      price: 10.01,
      notes: null,
      tags: ['Filter', 'Motor'],
      location: null,
      minQuantity: 0,
      maintenanceType: null,
    });
  });

  it('knows the five maintenance types', () => {
    for (const type of ['routine', 'preventive', 'emergency', 'inspection', 'in_progress']) {
      expect(inventoryCreateSchema.parse({ name: 'x', maintenanceType: type }).maintenanceType).toBe(type);
    }
    expect(inventoryCreateSchema.safeParse({ name: 'x', maintenanceType: 'in progress' }).success).toBe(
      false,
    );
  });

  it('leaves the quantity out of an update that does not name it', () => {
    expect(inventoryUpdateSchema.parse({ name: 'x' }).quantity).toBeUndefined();
    expect(inventoryUpdateSchema.parse({ name: 'x', quantity: 4 }).quantity).toBe(4);
    expect(inventoryUpdateSchema.parse({ name: 'x' }).removePhoto).toBe(false);
  });

  it('reads multipart fields', () => {
    expect(
      inventoryInputFromForm({
        name: 'Laufrolle',
        quantity: '3',
        price: '12.5',
        minQuantity: 'two',
        tags: ['Fahrwerk', '["Raupe","PC210"]'],
        notes: '',
        removePhoto: 'true',
      }),
    ).toEqual({
      name: 'Laufrolle',
      quantity: 3,
      price: 12.5,
      minQuantity: 'two',
      tags: ['Fahrwerk', 'Raupe', 'PC210'],
      removePhoto: true,
    });
  });

  it('parses the list query', () => {
    expect(inventoryListQuerySchema.parse({ lowStock: 'true', page: '2' })).toMatchObject({
      lowStock: true,
      page: 2,
      limit: 10,
      sort: 'name',
    });
    expect(inventoryListQuerySchema.safeParse({ sort: '-price' }).success).toBe(true);
    expect(inventoryListQuerySchema.safeParse({ limit: '101' }).success).toBe(false);
  });
});

describe('tags', () => {
  it('keeps the first spelling of tags equal ignoring case', () => {
    expect(normalizeTags(['Hydraulik', 'HYDRAULIK', ' hydraulik ', 'Öl', 'öl'])).toEqual(['Hydraulik', 'Öl']);
  });

  it('refuses tags holding a CSV tag separator, and splits a comma-separated text', () => {
    const result = inventoryCreateSchema.safeParse({ name: 'x', tags: ['a;b'] });
    expect(fieldErrors(result)).toEqual({ 'tags.0': ['A tag cannot contain , ; |'] });
    expect(inventoryCreateSchema.parse({ name: 'x', tags: 'Filter, Motor' }).tags).toEqual([
      'Filter',
      'Motor',
    ]);
  });

  it('adds and removes ignoring case', () => {
    expect(applyTagChanges(['A', 'b'], ['B', 'c'], ['a'])).toEqual(['b', 'c']);
  });

  it('renames, merges with an existing tag, and says when nothing matches', () => {
    expect(renameTag(['Verschleiss', 'Motor'], 'verschleiss', 'Verschleißteil')).toEqual([
      'Verschleißteil',
      'Motor',
    ]);
    expect(renameTag(['Verschleiss', 'Motor', 'verschleißteil'], 'VERSCHLEISS', 'Verschleißteil')).toEqual([
      'Verschleißteil',
      'Motor',
    ]);
    expect(renameTag(['Motor'], 'Filter', 'Filters')).toBeNull();
  });
});

describe('stock', () => {
  it('crosses below the minimum only from at-or-above to below', () => {
    expect(crossesBelowMinimum({ quantity: 3, minQuantity: 3 }, { quantity: 2, minQuantity: 3 })).toBe(true);
    expect(crossesBelowMinimum({ quantity: 2, minQuantity: 3 }, { quantity: 1, minQuantity: 3 })).toBe(false);
    expect(crossesBelowMinimum({ quantity: 2, minQuantity: 2 }, { quantity: 2, minQuantity: 3 })).toBe(true);
    expect(crossesBelowMinimum(null, { quantity: 0, minQuantity: 3 })).toBe(false);
    expect(notEnoughStockMessage(3)).toBe('Not enough stock: only 3 left');
  });
});

describe('local filter and sort', () => {
  const items = [
    item({
      id: '1',
      name: 'Keilriemen',
      maker: 'Optibelt',
      price: 20,
      quantity: 1,
      minQuantity: 2,
      tags: ['Riemen'],
    }),
    item({
      id: '2',
      name: 'Ölfilter',
      maker: 'Mann+Hummel',
      notes: 'R 926',
      price: null,
      location: 'Regal B',
    }),
    item({
      id: '3',
      name: 'Luftfilter',
      maker: 'Donaldson',
      price: 80,
      type: 'Filter',
      maintenanceType: 'routine',
    }),
  ];
  const ids = (list: InventoryItem[]) => list.map((i) => i.id);

  it('filters the way the API does', () => {
    expect(ids(items.filter((i) => matchesInventoryFilter(i, { q: 'OPTI' })))).toEqual(['1']);
    expect(ids(items.filter((i) => matchesInventoryFilter(i, { q: 'r 926' })))).toEqual(['2']);
    expect(ids(items.filter((i) => matchesInventoryFilter(i, { q: 'riemen' })))).toEqual(['1']);
    expect(ids(items.filter((i) => matchesInventoryFilter(i, { tag: 'RIEMEN' })))).toEqual(['1']);
    expect(ids(items.filter((i) => matchesInventoryFilter(i, { location: 'regal b' })))).toEqual(['2']);
    expect(ids(items.filter((i) => matchesInventoryFilter(i, { type: 'filter' })))).toEqual(['3']);
    expect(ids(items.filter((i) => matchesInventoryFilter(i, { lowStock: true })))).toEqual(['1']);
    expect(ids(items.filter((i) => matchesInventoryFilter(i, { maintenanceType: 'routine' })))).toEqual([
      '3',
    ]);
  });

  it('sorts with nulls last', () => {
    expect(ids([...items].sort(compareInventoryItems('price')))).toEqual(['1', '3', '2']);
    expect(ids([...items].sort(compareInventoryItems('-price')))).toEqual(['3', '1', '2']);
    expect(ids([...items].sort(compareInventoryItems('name')))).toEqual(['1', '3', '2']);
  });
});
