import { and, eq, isNull } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryItem, InventoryList, InventoryTagList } from '@/domain/inventory';
import {
  decodeCsvBytes,
  mapInventoryCsv,
  type InventoryImportResult,
  type InventoryImportRow,
} from '@/domain/inventory-csv';
import { auditLog, inventoryItems, notifications } from '@/server/db/schema';
import { createUser, type TestApp } from '../../support/helpers';
import { auth, createExcavatorTestApp } from '../../support/sync-fixtures';

let t: TestApp;
let admin: string;
let manager: { id: string; token: string };

beforeAll(async () => {
  t = await createExcavatorTestApp();
  admin = (await createUser(t, { username: 'imp-admin', role: 'admin' })).token;
  manager = await createUser(t, { username: 'imp-manager', role: 'manager' });
});
afterAll(async () => t.close());

/** What the client does with a file: decode, papaparse, map with the shared domain rules. */
function parseFile(bytes: Uint8Array) {
  const parsed = Papa.parse<string[]>(decodeCsvBytes(bytes));
  return mapInventoryCsv(parsed.data, { delimiter: parsed.meta.delimiter });
}

async function importRows(rows: InventoryImportRow[], key?: string, token = admin) {
  return t.app.inject({
    method: 'POST',
    url: '/api/inventory/import',
    payload: { rows },
    headers: { ...auth(token), ...(key ? { 'idempotency-key': key } : {}) },
  });
}

async function byName(name: string): Promise<InventoryItem[]> {
  const res = await t.app.inject({
    url: `/api/inventory?limit=100&q=${encodeURIComponent(name)}`,
    headers: auth(admin),
  });
  return (res.json() as InventoryList).items.filter((i) => i.name === name);
}

async function tagsOfItem(id: string): Promise<string[]> {
  const res = await t.app.inject({ url: `/api/inventory/${id}`, headers: auth(admin) });
  return (res.json() as InventoryItem).tags;
}

describe('POST /api/inventory/import', () => {
  it('imports a good file and maps the spec columns', async () => {
    const csv = [
      'name,description,quantity,price,category,location,supplier',
      'Rücklauffilter HF 35,Für R 926,12,84.50,Filter,Hauptlager A-01,Hydac',
      'Keilriemen SPA 1250,,4,"1,234.00",Riemen,Werkstatt,Optibelt',
      '',
    ].join('\n');
    const mapped = parseFile(new TextEncoder().encode(csv));
    const res = await importRows(mapped.rows);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ imported: 2, created: 2, updated: 0, unchanged: 0, errors: [] });
    const [filter] = await byName('Rücklauffilter HF 35');
    expect(filter).toMatchObject({
      notes: 'Für R 926',
      quantity: 12,
      price: 84.5,
      type: 'Filter',
      location: 'Hauptlager A-01',
      maker: 'Hydac',
      version: 1,
    });
    expect((await byName('Keilriemen SPA 1250'))[0]).toMatchObject({ price: 1234, notes: null });
  });

  it('imports the good rows of a mixed file and lists the others with row number and reason', async () => {
    const csv = [
      'name;quantity;price',
      'Bolzen 60 mm;2;19,90',
      ';5;1',
      'Buchse 60/75;-1;3',
      'Dichtsatz Löffelzylinder;1;-4,50',
      'Hydraulikschlauch 1/2";drei;abc',
      'Sicherungsring;1;0,5',
    ].join('\r\n');
    const res = await importRows(parseFile(new TextEncoder().encode(csv)).rows);
    const body = res.json() as InventoryImportResult;
    expect(body).toMatchObject({ imported: 2, created: 2, updated: 0 });
    expect(body.errors).toEqual([
      { row: 3, reason: 'Name is required' },
      { row: 4, reason: 'Quantity must be non-negative' },
      { row: 5, reason: 'Price must be non-negative' },
      { row: 6, reason: 'Quantity must be a number; Price must be a number' },
    ]);
    expect((await byName('Bolzen 60 mm'))[0]?.price).toBe(19.9);
    expect(await byName('Buchse 60/75')).toHaveLength(0);
  });

  it('reads a `;` file with BOM and German decimal commas', async () => {
    const csv =
      '\uFEFFName;Beschreibung;Menge;Preis;Kategorie;Lagerort;Lieferant\r\n' +
      'Laufrolle PC210;Комплект ролки;1.200;1.234,56;Fahrwerk;Außenlager;Komatsu\r\n' +
      'Φίλτρο αέρα;;3;12,5;Filter;;Volvo\r\n';
    const mapped = parseFile(new TextEncoder().encode(csv));
    expect(mapped.hasHeader).toBe(true);
    expect(mapped.decimalSeparator).toBe(',');
    const res = await importRows(mapped.rows);
    expect(res.json()).toMatchObject({ created: 2, errors: [] });
    expect((await byName('Laufrolle PC210'))[0]).toMatchObject({
      notes: 'Комплект ролки',
      quantity: 1200,
      price: 1234.56,
      location: 'Außenlager',
      maker: 'Komatsu',
    });
    expect((await byName('Φίλτρο αέρα'))[0]).toMatchObject({ price: 12.5, quantity: 3 });
  });

  it('updates items with the same name and maker instead of creating duplicates', async () => {
    const first = await importRows([
      { row: 2, name: 'Zahnhalter Z40', maker: 'Esco', quantity: 8, price: 120 },
      { row: 3, name: 'Zahnhalter Z40', maker: 'Liebherr', quantity: 1, price: 140 },
    ]);
    expect(first.json()).toMatchObject({ created: 2 });
    const [esco] = (await byName('Zahnhalter Z40')).filter((i) => i.maker === 'Esco');
    const second = await importRows([
      { row: 2, name: 'ZAHNHALTER z40 ', maker: 'ESCO', quantity: 6, location: 'Container 2' },
      { row: 3, name: 'Zahnhalter Z40', maker: 'Liebherr', quantity: 1, price: 140 },
      { row: 4, name: 'Zahnhalter Z40', maker: 'Esco', price: 125 },
    ]);
    expect(second.json()).toEqual({ imported: 3, created: 0, updated: 2, unchanged: 1, errors: [] });
    const items = await byName('Zahnhalter Z40');
    expect(items).toHaveLength(2);
    expect(items.find((i) => i.id === esco!.id)).toMatchObject({
      maker: 'Esco',
      quantity: 6,
      price: 125,
      location: 'Container 2',
      version: 2,
    });
  });

  it('imports the same batch once per Idempotency-Key, and a file imported twice changes nothing', async () => {
    const rows: InventoryImportRow[] = [
      { row: 2, name: 'Kabinenluftfilter', maker: 'Mann+Hummel', quantity: 3, price: 31.2 },
      { row: 3, name: 'Scheibenwischer 600 mm', maker: 'Bosch', quantity: 2 },
    ];
    const first = await importRows(rows, 'import-batch-1');
    const again = await importRows(rows, 'import-batch-1');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(await byName('Kabinenluftfilter')).toHaveLength(1);
    const other = await importRows([{ name: 'x' }], 'import-batch-1');
    expect(other.statusCode).toBe(422);

    const count = (await t.db.db.select().from(inventoryItems).where(isNull(inventoryItems.deletedAt)))
      .length;
    const sameFile = await importRows(rows, 'import-batch-2');
    expect(sameFile.json()).toEqual({ imported: 2, created: 0, updated: 0, unchanged: 2, errors: [] });
    expect((await t.db.db.select().from(inventoryItems).where(isNull(inventoryItems.deletedAt))).length).toBe(
      count,
    );
    expect((await byName('Kabinenluftfilter'))[0]?.version).toBe(1);
  });

  it('audits the batch and warns managers once about items it takes below their minimum', async () => {
    await importRows([{ name: 'Fett EP2 Kartusche', maker: 'Shell', quantity: 20, minQuantity: 10 }]);
    const before = await t.db.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, manager.id), eq(notifications.type, 'stock.low')));
    await importRows([{ name: 'Fett EP2 Kartusche', maker: 'Shell', quantity: 4 }]);
    const after = await t.db.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, manager.id), eq(notifications.type, 'stock.low')));
    expect(after.length - before.length).toBe(1);
    const audits = await t.db.db.select().from(auditLog).where(eq(auditLog.action, 'inventory.import'));
    expect(audits.length).toBeGreaterThanOrEqual(8);
    expect(audits.at(-1)?.changes).toMatchObject({ rows: 1, updated: 1, created: 0, errors: 0 });
  });

  it('takes a large batch in one request', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      row: i + 2,
      name: `Massenteil ${i}`,
      maker: 'Bulk GmbH',
      quantity: i % 50,
      price: '1.234,5',
      tags: ['Massenimport'],
    }));
    const res = await importRows(rows);
    expect(res.json()).toMatchObject({ imported: 3000, created: 3000, errors: [] });
    const count = await t.app.inject({
      url: '/api/inventory?tag=massenimport&limit=1',
      headers: auth(admin),
    });
    expect(count.json().total).toBe(3000);
    const [one] = await t.db.db.select().from(inventoryItems).where(eq(inventoryItems.name, 'Massenteil 7'));
    expect(one).toMatchObject({ priceCents: 123450, quantity: 7 });
    // Every row has its own cursor value, so a paged pull sees them all.
    const seqs = new Set(
      (await t.db.db.select({ s: inventoryItems.changeSeq }).from(inventoryItems)).map((r) => r.s),
    );
    expect(seqs.size).toBe((await t.db.db.select().from(inventoryItems)).length);
  });
});

/** Cells of the first sheet by reference ("A1"), shared strings resolved. */
function readSheet(bytes: Uint8Array): Map<string, string> {
  const files = unzipSync(bytes);
  const shared = [...strFromU8(files['xl/sharedStrings.xml']!).matchAll(/<si>(.*?)<\/si>/gs)].map((m) =>
    [...m[1]!.matchAll(/<t[^>]*>(.*?)<\/t>/gs)].map((x) => x[1]).join(''),
  );
  const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
  const cells = new Map<string, string>();
  for (const m of sheet.matchAll(/<c r="([A-Z]+\d+)"([^>]*)>(?:<v>(.*?)<\/v>)?<\/c>/g)) {
    const [, ref, attrs, value] = m;
    cells.set(ref!, attrs!.includes('t="s"') ? shared[Number(value)]! : (value ?? ''));
  }
  return cells;
}

describe('GET /api/inventory/export', () => {
  const tag = 'Exportprobe';
  beforeAll(async () => {
    const rows = [
      {
        name: 'Ölfilter „Premium“',
        maker: 'Mann+Hummel',
        quantity: 3,
        price: 1234.5,
        notes: 'Zeile 1\nZeile 2',
      },
      { name: 'Маслен филтър', maker: 'Caterpillar', quantity: 0, price: 9.99, notes: 'Склад, "Север"' },
      { name: 'Φίλτρο υδραυλικού', maker: 'Hydac', quantity: 7, notes: '=SUM(A1:A2)' },
    ];
    await importRows(
      rows.map((r) => ({ ...r, tags: [tag, 'Filter'], location: 'Lager Süd', minQuantity: 1 })),
    );
  });

  it('writes CSV with BOM, quoting and all fields, which reads back through the import parser', async () => {
    const res = await t.app.inject({
      url: `/api/inventory/export?format=csv&tag=${tag}`,
      headers: auth(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="inventory-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(res.rawPayload);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = Papa.parse<string[]>(new TextDecoder().decode(bytes), { skipEmptyLines: true });
    expect(parsed.data[0]).toEqual([
      'name',
      'description',
      'quantity',
      'price',
      'category',
      'location',
      'supplier',
      'tags',
      'minQuantity',
      'maintenanceType',
      'photo',
      'id',
      'updatedAt',
    ]);
    expect(parsed.data).toHaveLength(4);
    const mapped = parseFile(bytes);
    expect(mapped.ignoredColumns).toEqual(['photo', 'id', 'updatedAt']);
    const rows = new Map(mapped.rows.map((r) => [r.name, r]));
    expect(rows.get('Ölfilter „Premium“')).toMatchObject({
      price: 1234.5,
      quantity: 3,
      notes: 'Zeile 1\nZeile 2',
      tags: [tag, 'Filter'],
    });
    expect(rows.get('Маслен филтър')).toMatchObject({
      notes: 'Склад, "Север"',
      maker: 'Caterpillar',
      quantity: 0,
    });
    expect(rows.get('Φίλτρο υδραυλικού')).toMatchObject({
      notes: '=SUM(A1:A2)',
      location: 'Lager Süd',
      minQuantity: 1,
    });
    // The formula is escaped in the file itself.
    expect(new TextDecoder().decode(bytes)).toContain(",'=SUM(A1:A2),");
  });

  it('writes `;` with decimal commas on request, and follows the filter', async () => {
    const res = await t.app.inject({
      url: `/api/inventory/export?format=csv&delimiter=semicolon&tag=${tag}`,
      headers: auth(admin),
    });
    const text = res.body.replace(/^\uFEFF/, '');
    expect(text.split('\r\n')[0]).toMatch(/^name;description;quantity;price;/);
    expect(text).toContain(';1234,50;');
    expect(Papa.parse(text, { skipEmptyLines: true }).data).toHaveLength(4);
    const filtered = await t.app.inject({
      url: `/api/inventory/export?format=csv&tag=${tag}&q=hydac`,
      headers: auth(admin),
    });
    const rows = Papa.parse<string[]>(filtered.body, { skipEmptyLines: true }).data;
    expect(rows.map((r) => r[0])).toEqual(['name', 'Φίλτρο υδραυλικού']);
  });

  it('writes xlsx whose sheet holds umlauts, Cyrillic and Greek intact', async () => {
    const res = await t.app.inject({
      url: `/api/inventory/export?format=xlsx&tag=${tag}&sort=name`,
      headers: auth(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/filename="inventory-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const cells = readSheet(new Uint8Array(res.rawPayload));
    expect(['A1', 'B1', 'C1', 'D1', 'G1'].map((c) => cells.get(c))).toEqual([
      'name',
      'description',
      'quantity',
      'price',
      'supplier',
    ]);
    const names = ['A2', 'A3', 'A4'].map((c) => cells.get(c));
    expect(names).toEqual(
      expect.arrayContaining(['Ölfilter „Premium“', 'Маслен филтър', 'Φίλτρο υδραυλικού']),
    );
    const row = names.indexOf('Ölfilter „Premium“') + 2;
    expect(cells.get(`C${row}`)).toBe('3');
    expect(cells.get(`D${row}`)).toBe('1234.5');
    expect(cells.get(`F${row}`)).toBe('Lager Süd');
    expect(cells.get(`H${row}`)).toBe(`${tag}, Filter`);
  });

  it('refuses an unknown format', async () => {
    const res = await t.app.inject({ url: '/api/inventory/export?format=pdf', headers: auth(admin) });
    expect(res.statusCode).toBe(400);
  });
});

describe('tags', () => {
  const create = async (name: string, tags: string[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory',
      payload: { name, tags },
      headers: auth(admin),
    });
    return res.json() as InventoryItem;
  };

  it('adds and removes tags on selected items without duplicates', async () => {
    const a = await create('Tag A', ['Hydraulik', 'alt']);
    const b = await create('Tag B', ['hydraulik']);
    const c = await create('Tag C', []);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/tags/bulk',
      payload: { ids: [a.id, b.id, c.id], add: ['HYDRAULIK', 'Prüfung'], remove: ['ALT'] },
      headers: auth(manager.token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { updated: number; items: InventoryItem[] };
    expect(body.updated).toBe(3);
    const tagsOf = (id: string) => body.items.find((i) => i.id === id)?.tags;
    expect(tagsOf(a.id)).toEqual(['Hydraulik', 'Prüfung']);
    expect(tagsOf(b.id)).toEqual(['hydraulik', 'Prüfung']);
    expect(tagsOf(c.id)).toEqual(['HYDRAULIK', 'Prüfung']);
    expect(body.items.every((i) => i.version === 2)).toBe(true);

    const none = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/tags/bulk',
      payload: { ids: [a.id], add: ['prüfung'] },
      headers: auth(manager.token),
    });
    expect(none.json()).toMatchObject({ updated: 0, items: [] });
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/tags/bulk',
      payload: { ids: [a.id] },
      headers: auth(manager.token),
    });
    expect(empty.statusCode).toBe(400);
  });

  it('renames a tag, merging it where the item already has the new one', async () => {
    const a = await create('Rename A', ['Verschleiss', 'Löffel']);
    const b = await create('Rename B', ['verschleiss', 'Verschleißteil']);
    const c = await create('Rename C', ['Motor']);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory/tags/rename',
      payload: { from: 'VERSCHLEISS', to: 'Verschleißteil' },
      headers: auth(admin),
    });
    expect(res.json()).toEqual({ updated: 2 });
    expect(await tagsOfItem(a.id)).toEqual(['Verschleißteil', 'Löffel']);
    expect(await tagsOfItem(b.id)).toEqual(['Verschleißteil']);
    expect(await tagsOfItem(c.id)).toEqual(['Motor']);

    const list = await t.app.inject({ url: '/api/inventory/tags', headers: auth(admin) });
    const tags = (list.json() as InventoryTagList).tags;
    expect(tags.find((x) => x.tag === 'Verschleißteil')?.count).toBe(2);
    expect(tags.some((x) => x.tag.toLowerCase() === 'verschleiss')).toBe(false);
    const audit = await t.db.db.select().from(auditLog).where(eq(auditLog.action, 'inventory.tags.rename'));
    expect(audit.at(-1)?.changes).toMatchObject({ from: 'VERSCHLEISS', to: 'Verschleißteil' });
  });
});
