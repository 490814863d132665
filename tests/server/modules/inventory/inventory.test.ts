import fs from 'node:fs';
import path from 'node:path';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryItem, InventoryList } from '@/domain/inventory';
import type { SyncPullResponse } from '@/domain/sync';
import { auditLog, inventoryItems, notifications } from '@/server/db/schema';
import { createUser, type TestApp } from '../../support/helpers';
import { auth, createExcavatorTestApp, multipart, PNG, type Part } from '../../support/sync-fixtures';

let t: TestApp;
let admin: string;
let manager: { id: string; token: string };
let operator: { id: string; token: string };
let dispo: string;
let viewer: string;

beforeAll(async () => {
  t = await createExcavatorTestApp();
  admin = (await createUser(t, { username: 'inv-admin', role: 'admin' })).token;
  manager = await createUser(t, { username: 'inv-manager', role: 'Manager' });
  operator = await createUser(t, { username: 'inv-operator', role: 'operator' });
  dispo = (await createUser(t, { username: 'inv-dispo', role: 'dispo' })).token;
  viewer = (await createUser(t, { username: 'inv-viewer', role: 'viewer' })).token;
});
afterAll(async () => t.close());

let counter = 0;
function part(extra: Record<string, unknown> = {}) {
  counter += 1;
  return { name: `Hydraulikfilter ${counter}`, maker: 'Hydac', quantity: 10, price: 49.9, ...extra };
}

async function create(token: string, body: object, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/inventory',
    payload: body,
    headers: { ...auth(token), ...headers },
  });
}

async function created(body: object = part()): Promise<InventoryItem> {
  const res = await create(admin, body);
  expect(res.statusCode).toBe(201);
  return res.json() as InventoryItem;
}

function adjust(token: string, id: string, delta: unknown, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/inventory/${id}/adjust`,
    payload: { delta },
    headers: { ...auth(token), ...(key ? { 'idempotency-key': key } : {}) },
  });
}

async function list(query: string, token = admin): Promise<InventoryList> {
  const res = await t.app.inject({ url: `/api/inventory?${query}`, headers: auth(token) });
  expect(res.statusCode).toBe(200);
  return res.json() as InventoryList;
}

describe('validation', () => {
  it('answers the spec messages per field', async () => {
    const res = await create(admin, { name: '  ', quantity: -1, price: -0.01 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: {
        fields: {
          name: ['Name is required'],
          quantity: ['Quantity must be non-negative'],
          price: ['Price must be non-negative'],
        },
      },
    });
    const missing = await create(admin, { quantity: 1.5, maintenanceType: 'weekly' });
    expect(missing.json().details.fields).toMatchObject({
      name: ['Name is required'],
      quantity: ['Quantity must be a whole number'],
      maintenanceType: [expect.stringContaining('routine')],
    });
    expect(await t.db.db.select().from(inventoryItems)).toHaveLength(0);
  });

  it('refuses an adjust that is not a whole number other than zero', async () => {
    const item = await created();
    expect((await adjust(admin, item.id, 0)).json().details.fields.delta).toEqual(['Delta must not be zero']);
    expect((await adjust(admin, item.id, 1.5)).statusCode).toBe(400);
    expect((await adjust(admin, item.id, '2')).statusCode).toBe(400);
  });
});

describe('create, read, update, delete', () => {
  it('creates from JSON: price in cents, tags trimmed and unique ignoring case', async () => {
    const res = await create(admin, {
      ...part({ name: 'Zahn für Tieflöffel', maker: 'Liebherr' }),
      price: 12.345,
      tags: [' Verschleiß ', 'verschleiß', 'Löffel', ''],
      location: 'Hauptlager A-01',
      minQuantity: 4,
      maintenanceType: 'in_progress',
      type: 'Verschleißteil',
      notes: 'Z 30',
    });
    expect(res.statusCode).toBe(201);
    const item = res.json() as InventoryItem;
    expect(res.headers.etag).toBe('"1"');
    expect(res.headers.location).toBe(`/api/inventory/${item.id}`);
    expect(item).toMatchObject({
      name: 'Zahn für Tieflöffel',
      maker: 'Liebherr',
      price: 12.35,
      tags: ['Verschleiß', 'Löffel'],
      quantity: 10,
      minQuantity: 4,
      maintenanceType: 'in_progress',
      photo: null,
      version: 1,
    });
    const [row] = await t.db.db.select().from(inventoryItems).where(eq(inventoryItems.id, item.id));
    expect(row?.priceCents).toBe(1235);
    const read = await t.app.inject({ url: `/api/inventory/${item.id}`, headers: auth(viewer) });
    expect(read.json()).toEqual(item);
    expect(read.headers.etag).toBe('"1"');
  });

  it('creates from multipart with a photo and serves it', async () => {
    const form = await multipart([
      { field: 'name', value: 'Laufrolle' },
      { field: 'quantity', value: '3' },
      { field: 'price', value: '412.5' },
      { field: 'tags', value: 'Fahrwerk' },
      { field: 'tags', value: 'Raupe' },
      { field: 'photo', file: PNG, name: 'rolle.png' },
    ] satisfies Part[]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/inventory',
      payload: form.payload,
      headers: { ...form.headers, ...auth(manager.token) },
    });
    expect(res.statusCode).toBe(201);
    const item = res.json() as InventoryItem;
    expect(item).toMatchObject({ name: 'Laufrolle', quantity: 3, price: 412.5, tags: ['Fahrwerk', 'Raupe'] });
    expect(item.photo).toMatch(/^inventory\/.+\.png$/);
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', item.photo!))).toBe(true);
    const image = await t.app.inject({ url: `/uploads/${item.photo}` });
    expect(image.rawPayload.equals(PNG)).toBe(true);
  });

  it('takes a client id: a repeat answers the row, another record with it is refused', async () => {
    const id = '01960000-0000-7000-8000-00000000abcd';
    const body = { ...part(), id };
    const first = await create(admin, body);
    expect(first.statusCode).toBe(201);
    expect(first.json().id).toBe(id);
    const again = await create(admin, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const other = await create(admin, { ...body, name: 'Something else' });
    expect(other.statusCode).toBe(409);
    expect(other.json().details).toMatchObject({ reason: 'id_taken' });
  });

  it('updates with If-Match, keeps the quantity when omitted, and refuses a stale version', async () => {
    const item = await created(part({ quantity: 7, tags: ['Filter'] }));
    const put = (body: object, version: string, token = admin) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/inventory/${item.id}`,
        payload: body,
        headers: { ...auth(token), 'if-match': version },
      });
    const res = await put({ name: item.name, maker: 'Mann+Hummel', price: 50 }, '"1"');
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBe('"2"');
    expect(res.json()).toMatchObject({ maker: 'Mann+Hummel', price: 50, quantity: 7, tags: [], version: 2 });
    const stale = await put({ name: 'Old edit' }, '"1"');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details.current).toMatchObject({ version: 2, maker: 'Mann+Hummel' });
    const same = await put({ name: item.name, maker: 'Mann+Hummel', price: 50 }, '"2"');
    expect(same.json().version).toBe(2);
    const audit = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, item.id), eq(auditLog.action, 'inventory.update')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.changes).toMatchObject({ maker: { from: 'Hydac', to: 'Mann+Hummel' } });
  });

  it('replaces and removes the photo on update', async () => {
    const item = await created();
    const form = await multipart([
      { field: 'name', value: item.name },
      { field: 'photo', file: PNG },
    ]);
    const withPhoto = await t.app.inject({
      method: 'PUT',
      url: `/api/inventory/${item.id}`,
      payload: form.payload,
      headers: { ...form.headers, ...auth(admin) },
    });
    const photo = (withPhoto.json() as InventoryItem).photo!;
    expect(photo).toMatch(/^inventory\//);
    const removed = await t.app.inject({
      method: 'PUT',
      url: `/api/inventory/${item.id}`,
      payload: { name: item.name, removePhoto: true },
      headers: auth(admin),
    });
    expect(removed.json().photo).toBeNull();
    expect(fs.existsSync(path.join(t.config.dataDir, 'uploads', photo))).toBe(false);
  });

  it('deletes softly with If-Match; the item leaves the list', async () => {
    const item = await created();
    const stale = await t.app.inject({
      method: 'DELETE',
      url: `/api/inventory/${item.id}`,
      headers: { ...auth(admin), 'if-match': '"9"' },
    });
    expect(stale.statusCode).toBe(409);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/inventory/${item.id}`,
      headers: { ...auth(admin), 'if-match': '"1"' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().deletedAt).not.toBeNull();
    expect((await t.app.inject({ url: `/api/inventory/${item.id}`, headers: auth(admin) })).statusCode).toBe(
      404,
    );
    expect((await list('limit=100')).items.some((i) => i.id === item.id)).toBe(false);
    const [row] = await t.db.db.select().from(inventoryItems).where(eq(inventoryItems.id, item.id));
    expect(row?.deletedAt).not.toBeNull();
    expect((await adjust(admin, item.id, 1)).statusCode).toBe(404);
  });
});

describe('list', () => {
  it('searches name, maker, notes and tags, filters and sorts', async () => {
    const tag = `T${Date.now()}`;
    const a = await created(
      part({
        name: 'Keilriemen SPA 1250',
        maker: 'Optibelt',
        type: 'Riemen',
        location: 'Regal B',
        tags: [tag],
      }),
    );
    const b = await created(
      part({
        name: 'Ölfilter',
        maker: 'Mann+Hummel',
        notes: 'für Liebherr R 926',
        tags: [tag, 'Motor'],
        quantity: 1,
        minQuantity: 2,
        price: 5,
      }),
    );
    const c = await created(
      part({ name: 'Luftfilter', maker: 'Donaldson', tags: [tag], price: 80, location: 'regal b' }),
    );
    const ids = (l: InventoryList) => l.items.map((i) => i.id);
    expect(ids(await list(`tag=${tag.toLowerCase()}&sort=name`))).toEqual([a.id, c.id, b.id]);
    expect(ids(await list('q=optibelt'))).toEqual([a.id]);
    expect(ids(await list(`q=${encodeURIComponent('R 926')}`))).toEqual([b.id]);
    expect(ids(await list('q=motor'))).toEqual([b.id]);
    expect(ids(await list(`tag=${tag}&location=REGAL%20B&sort=-price`))).toEqual([c.id, a.id]);
    expect(ids(await list('type=riemen'))).toEqual([a.id]);
    expect(ids(await list(`tag=${tag}&lowStock=true`))).toEqual([b.id]);
    const paged = await list(`tag=${tag}&sort=price&limit=2&page=2`);
    expect(paged).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(ids(paged)).toEqual([c.id]);
    expect((await t.app.inject({ url: '/api/inventory?sort=nope', headers: auth(admin) })).statusCode).toBe(
      400,
    );
  });
});

describe('stock by deltas', () => {
  it('counts adjustments from two devices, each once, never below zero', async () => {
    const item = await created(part({ quantity: 5 }));
    const deviceA = await adjust(operator.token, item.id, -2, 'device-a-entry-1');
    const deviceB = await adjust(manager.token, item.id, 10, 'device-b-entry-1');
    expect(deviceA.statusCode).toBe(200);
    expect(deviceB.statusCode).toBe(200);
    expect(deviceB.json()).toMatchObject({ quantity: 13, version: 3 });
    expect(deviceB.headers.etag).toBe('"3"');

    // Device A's outbox sends its entry again (the answer was lost): counted once.
    const replay = await adjust(operator.token, item.id, -2, 'device-a-entry-1');
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toMatchObject({ quantity: 3 });
    const reused = await adjust(operator.token, item.id, -3, 'device-a-entry-1');
    expect(reused.statusCode).toBe(422);

    const tooMuch = await adjust(operator.token, item.id, -14, 'device-a-entry-2');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json()).toMatchObject({
      message: 'Not enough stock: only 13 left',
      details: { reason: 'insufficient_stock', available: 13, current: { quantity: 13 } },
    });
    const [row] = await t.db.db.select().from(inventoryItems).where(eq(inventoryItems.id, item.id));
    expect(row).toMatchObject({ quantity: 13, version: 3 });
    expect((await adjust(operator.token, item.id, -13)).json()).toMatchObject({ quantity: 0, version: 4 });

    const audits = await t.db.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, item.id), eq(auditLog.action, 'inventory.adjust')))
      .orderBy(auditLog.at, auditLog.id);
    expect(audits.map((a) => a.changes)).toEqual([
      { quantity: { from: 5, to: 3 }, delta: -2 },
      { quantity: { from: 3, to: 13 }, delta: 10 },
      { quantity: { from: 13, to: 0 }, delta: -13 },
    ]);
  });

  it('counts concurrent adjustments of many devices, each exactly once', async () => {
    const item = await created(part({ quantity: 0 }));
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => adjust(operator.token, item.id, i + 1, `burst-${item.id}-${i}`)),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    const [row] = await t.db.db.select().from(inventoryItems).where(eq(inventoryItems.id, item.id));
    expect(row).toMatchObject({ quantity: 36, version: 9 });
  });

  it('warns managers once each time stock falls below its minimum', async () => {
    const item = await created(
      part({ name: 'Hydrauliköl HVLP 46', maker: 'Fuchs', quantity: 5, minQuantity: 3 }),
    );
    const warnings = async (userId: string) =>
      t.db.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.type, 'stock.low')))
        .orderBy(desc(notifications.createdAt));
    const before = (await warnings(manager.id)).length;
    for (const delta of [-2, -1, -1])
      expect((await adjust(operator.token, item.id, delta)).statusCode).toBe(200);
    let mine = await warnings(manager.id);
    expect(mine.length - before).toBe(1);
    expect(mine[0]).toMatchObject({
      title: 'Niedriger Bestand: Hydrauliköl HVLP 46 (Fuchs)',
      link: `/inventory?id=${item.id}`,
    });
    expect(mine[0]?.message).toContain('noch 2 vorhanden, Minimum 3');
    // Back above the minimum, then below again: a new crossing, a new warning.
    await adjust(operator.token, item.id, 5);
    await adjust(operator.token, item.id, -6);
    mine = await warnings(manager.id);
    expect(mine.length - before).toBe(2);
    expect(await warnings(operator.id)).toHaveLength(0);

    // Raising the minimum above the stock is a crossing too.
    const other = await created(
      part({ name: 'Keilriemen XPZ 1180', maker: null, quantity: 4, minQuantity: 2 }),
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/inventory/${other.id}`,
      payload: { name: other.name, minQuantity: 5 },
      headers: auth(admin),
    });
    expect(put.json()).toMatchObject({ quantity: 4, minQuantity: 5 });
    mine = await warnings(manager.id);
    expect(mine.length - before).toBe(3);
    expect(mine[0]?.title).toBe('Niedriger Bestand: Keilriemen XPZ 1180');
  });
});

describe('roles and the feature flag', () => {
  it('lets operators adjust but not edit; dispo and other roles only read', async () => {
    const item = await created();
    expect((await adjust(operator.token, item.id, 1)).statusCode).toBe(200);
    for (const token of [operator.token, dispo, viewer]) {
      expect((await create(token, part())).statusCode).toBe(403);
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/inventory/${item.id}`,
        payload: { name: 'x' },
        headers: auth(token),
      });
      expect(put.statusCode).toBe(403);
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/inventory/${item.id}`,
        headers: auth(token),
      });
      expect(del.statusCode).toBe(403);
      const imp = await t.app.inject({
        method: 'POST',
        url: '/api/inventory/import',
        payload: { rows: [{ name: 'x' }] },
        headers: auth(token),
      });
      expect(imp.statusCode).toBe(403);
      const tags = await t.app.inject({
        method: 'POST',
        url: '/api/inventory/tags/rename',
        payload: { from: 'a', to: 'b' },
        headers: auth(token),
      });
      expect(tags.statusCode).toBe(403);
      expect((await list('limit=1', token)).total).toBeGreaterThan(0);
    }
    for (const token of [dispo, viewer]) expect((await adjust(token, item.id, 1)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/inventory' })).statusCode).toBe(401);
  });

  it('answers 403 FEATURE_DISABLED everywhere when the inventory flag is false', async () => {
    const item = await created();
    await t.app.settingsStore.update({ features: { inventory: false } });
    try {
      const calls = [
        t.app.inject({ url: '/api/inventory', headers: auth(admin) }),
        t.app.inject({ url: `/api/inventory/${item.id}`, headers: auth(admin) }),
        t.app.inject({ url: '/api/inventory/export?format=csv', headers: auth(admin) }),
        t.app.inject({ url: '/api/inventory/tags', headers: auth(admin) }),
        create(admin, part()),
        adjust(admin, item.id, 1),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('FEATURE_DISABLED');
      }
      const pull = (
        await t.app.inject({ url: '/api/sync/pull', headers: auth(admin) })
      ).json() as SyncPullResponse;
      expect(pull.collections).not.toContain('inventory');
    } finally {
      await t.app.settingsStore.update({ features: { inventory: true } });
    }
    expect((await t.app.inject({ url: '/api/inventory', headers: auth(admin) })).statusCode).toBe(200);
  });
});

describe('sync', () => {
  it('mirrors inventory items through the pull, adjustments and deletions included', async () => {
    const pull = async (cursor: number) =>
      (
        await t.app.inject({
          url: `/api/sync/pull?collections=inventory&cursor=${cursor}&limit=2000`,
          headers: auth(operator.token),
        })
      ).json() as SyncPullResponse;
    const start = await pull(0);
    expect(start.collections).toEqual(['inventory']);
    const item = await created(part({ quantity: 2 }));
    const listed = (await list('limit=100')).items.find((i) => i.id === item.id);
    const first = await pull(start.cursor);
    expect(first.changes).toEqual([
      { collection: 'inventory', id: item.id, deleted: false, version: 1, data: listed },
    ]);
    await adjust(operator.token, item.id, 3);
    const second = await pull(first.cursor);
    expect(second.changes).toHaveLength(1);
    expect(second.changes[0]).toMatchObject({ version: 2, data: { quantity: 5 } });
    expect(second.cursor).toBeGreaterThan(first.cursor);
    await t.app.inject({ method: 'DELETE', url: `/api/inventory/${item.id}`, headers: auth(admin) });
    const third = await pull(second.cursor);
    expect(third.changes).toEqual([
      { collection: 'inventory', id: item.id, deleted: true, version: 3, data: null },
    ]);
  });
});
