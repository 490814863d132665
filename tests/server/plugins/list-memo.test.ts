import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExcavatorList } from '@/domain/excavator';
import { createUser, type TestApp } from '../support/helpers';
import { auth, createExcavatorTestApp, excavatorBody } from '../support/sync-fixtures';

let t: TestApp;
let manager: string;

beforeAll(async () => {
  t = await createExcavatorTestApp();
  manager = (await createUser(t, { username: 'memo-manager', role: 'Manager' })).token;
});
afterAll(async () => t.close());

const list = async (query = 'limit=50') => {
  const res = await t.app.inject({ url: `/api/excavators?${query}`, headers: auth(manager) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
  return res.json() as ExcavatorList;
};

describe('list pages held in memory', () => {
  it('answers a repeated page from memory and drops it when the table changes, whoever changes it', async () => {
    for (const n of [1, 2]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/excavators',
        headers: auth(manager),
        payload: excavatorBody(`memo-${n}`),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const first = await list();
    expect(await list()).toEqual(first);

    // Not through the app: a script, another instance, a restore. The table's trigger announces it.
    await t.db.db.execute(
      sql`update excavators set name = 'Renamed outside' where serial_number = 'SN-memo-1'`,
    );
    const renamed = await list();
    expect(renamed.items.find((e) => e.serialNumber === 'SN-memo-1')?.name).toBe('Renamed outside');

    const gone = renamed.items.find((e) => e.serialNumber === 'SN-memo-2')!;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/excavators/${gone.id}`,
      headers: auth(manager),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await list();
    expect(after.total).toBe(renamed.total - 1);
    expect(after.items.map((e) => e.id)).not.toContain(gone.id);
  });

  it('keeps pages of different queries apart, and follows the service interval in the settings', async () => {
    const all = await list();
    const one = await list('limit=1');
    expect(one.items).toHaveLength(1);
    expect(one.total).toBe(all.total);
    const interval = all.items[0]!.maintenance;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth((await createUser(t, { username: 'memo-admin', role: 'admin' })).token),
      payload: { maintenance: { serviceIntervalHours: 77 } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list()).items[0]!.maintenance).not.toEqual(interval);
  });

  it('sends a big sync page gzipped, brotli left out, the same JSON as uncompressed', async () => {
    for (const n of [3, 4, 5, 6]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/excavators',
        headers: auth(manager),
        payload: excavatorBody(`memo-${n}`),
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const url = '/api/sync/pull?cursor=0&collections=excavators';
    const plain = await t.app.inject({ url, headers: auth(manager) });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(plain.body.length).toBeGreaterThan(1024);
    const packed = await t.app.inject({
      url,
      headers: { ...auth(manager), 'accept-encoding': 'br, gzip, deflate' },
    });
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(packed.rawPayload).toString())).toEqual(plain.json());
  });
});
