import fs from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { excavators, idempotencyKeys } from '@/server/db/schema';
import { canonicalJson, purgeIdempotencyKeys, requestFingerprint } from '@/server/plugins/idempotency';
import { createUser } from '../support/helpers';
import {
  auth,
  createSyncTestApp,
  excavatorBody,
  multipart,
  PNG,
  type SyncTestApp,
} from '../support/sync-fixtures';

let t: SyncTestApp;
let manager: { id: string; token: string };
let other: { id: string; token: string };

beforeAll(async () => {
  t = await createSyncTestApp();
  manager = await createUser(t, { username: 'idem-manager', role: 'manager' });
  other = await createUser(t, { username: 'idem-other', role: 'manager' });
});
afterAll(async () => t.close());

const post = (token: string, key: string | null, payload: object, url = '/api/excavators') =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { ...auth(token), ...(key ? { 'idempotency-key': key } : {}) },
  });

async function countSerial(serial: string) {
  const rows = await t.db.db.select().from(excavators).where(eq(excavators.serialNumber, serial));
  return rows.length;
}

function storedFiles(): string[] {
  const root = path.join(t.config.dataDir, 'uploads');
  if (!fs.existsSync(root)) return [];
  return fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

describe('fingerprint', () => {
  it('ignores key order but not values', () => {
    expect(canonicalJson({ b: 1, a: [1, { d: 2, c: 3 }] })).toBe('{"a":[1,{"c":3,"d":2}],"b":1}');
    const a = requestFingerprint('POST', '/api/x', { a: 1, b: 2 });
    expect(requestFingerprint('post', '/api/x', { b: 2, a: 1 })).toBe(a);
    expect(requestFingerprint('POST', '/api/x', { a: 1, b: 3 })).not.toBe(a);
    expect(requestFingerprint('PUT', '/api/x', { a: 1, b: 2 })).not.toBe(a);
    expect(requestFingerprint('POST', '/api/y', { a: 1, b: 2 })).not.toBe(a);
    const file = (data: Buffer) => ({ fields: { name: 'x' }, files: [{ field: 'gallery', data }] });
    expect(requestFingerprint('POST', '/p', file(PNG))).toBe(
      requestFingerprint('POST', '/p', file(Buffer.from(PNG))),
    );
    expect(requestFingerprint('POST', '/p', file(PNG))).not.toBe(
      requestFingerprint('POST', '/p', file(Buffer.concat([PNG, Buffer.from([0])]))),
    );
  });
});

describe('Idempotency-Key', () => {
  it('answers a repeat with the stored status and body and writes exactly one row', async () => {
    const key = uuidv7();
    const first = await post(manager.token, key, excavatorBody('idem-1'));
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await post(manager.token, key, excavatorBody('idem-1'));
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.headers.etag).toBe('"1"');
    expect(second.headers.location).toBe(first.headers.location);
    expect(second.json()).toEqual(first.json());
    expect(await countSerial('SN-idem-1')).toBe(1);
    const [record] = await t.db.db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, manager.id), eq(idempotencyKeys.key, key)));
    expect(record).toMatchObject({ status: 201, method: 'POST', path: '/api/excavators' });
  });

  it('replays a multipart create with files without storing the files again', async () => {
    const key = uuidv7();
    const form = await multipart([
      { field: 'name', value: 'Idem photo' },
      { field: 'model', value: 'Liebherr R 920' },
      { field: 'serialNumber', value: 'SN-idem-photo' },
      { field: 'profileImage', file: PNG },
      { field: 'gallery', file: PNG },
    ]);
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/excavators',
        payload: form.payload,
        headers: { ...form.headers, ...auth(manager.token), 'idempotency-key': key },
      });
    const before = storedFiles().length;
    const first = await send();
    expect(first.statusCode).toBe(201);
    expect(storedFiles().length).toBe(before + 2);
    const second = await send();
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(storedFiles().length).toBe(before + 2);
    expect(await countSerial('SN-idem-photo')).toBe(1);

    // Another file under the same key is another request.
    const changed = await multipart([
      { field: 'name', value: 'Idem photo' },
      { field: 'model', value: 'Liebherr R 920' },
      { field: 'serialNumber', value: 'SN-idem-photo' },
      { field: 'profileImage', file: Buffer.concat([PNG, Buffer.from([1])]) },
      { field: 'gallery', file: PNG },
    ]);
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/excavators',
      payload: changed.payload,
      headers: { ...changed.headers, ...auth(manager.token), 'idempotency-key': key },
    });
    expect(third.statusCode).toBe(422);
    expect(third.json().code).toBe('IDEMPOTENCY_MISMATCH');
  });

  it('answers 422 IDEMPOTENCY_MISMATCH for the same key with another body or path', async () => {
    const key = uuidv7();
    expect((await post(manager.token, key, excavatorBody('idem-2'))).statusCode).toBe(201);
    const otherBody = await post(manager.token, key, excavatorBody('idem-2', { usageHours: 101 }));
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toMatchObject({ code: 'IDEMPOTENCY_MISMATCH' });
    const otherPath = await post(manager.token, key, { title: 'x' }, '/api/test-notes');
    expect(otherPath.statusCode).toBe(422);
    expect(await countSerial('SN-idem-2')).toBe(1);
  });

  it('scopes keys to the user', async () => {
    const key = uuidv7();
    expect((await post(manager.token, key, excavatorBody('idem-3'))).statusCode).toBe(201);
    const res = await post(other.token, key, excavatorBody('idem-3b'));
    expect(res.statusCode).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await countSerial('SN-idem-3b')).toBe(1);
  });

  it('does not keep failed writes: a retry with a corrected body runs', async () => {
    expect((await post(manager.token, null, excavatorBody('idem-4'))).statusCode).toBe(201);
    const key = uuidv7();
    const failed = await post(manager.token, key, excavatorBody('idem-4', { name: 'Duplicate serial' }));
    expect(failed.statusCode).toBe(409);
    const retried = await post(manager.token, key, excavatorBody('idem-4b'));
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
  });

  it('refuses an unreadable key', async () => {
    const res = await post(manager.token, 'has space', excavatorBody('idem-5'));
    expect(res.statusCode).toBe(400);
    expect(await countSerial('SN-idem-5')).toBe(0);
  });

  it('emits sync:changed after a write, not for a replay', async () => {
    const seen: string[][] = [];
    const listener = (collections: string[]) => seen.push(collections);
    t.app.events.on('sync:changed', listener);
    try {
      const key = uuidv7();
      await post(manager.token, key, excavatorBody('idem-6'));
      expect(seen).toEqual([['excavators']]);
      await post(manager.token, key, excavatorBody('idem-6'));
      expect(seen).toEqual([['excavators']]);
      await post(manager.token, null, excavatorBody('idem-6'));
      expect(seen).toEqual([['excavators']]);
    } finally {
      t.app.events.off('sync:changed', listener);
    }
  });

  it('handles a repeat that arrives while the first request is still running', async () => {
    const key = uuidv7();
    const first = post(manager.token, key, { title: 'slow', gate: 'inflight' }, '/api/test-notes');
    await t.gates.entered('inflight');
    const secondPromise = post(manager.token, key, { title: 'slow', gate: 'inflight' }, '/api/test-notes');
    if (t.db.kind === 'postgres') {
      // PostgreSQL: the first transaction holds the key; the repeat is told to come back.
      const second = await secondPromise;
      expect(second.statusCode).toBe(409);
      expect(second.headers['retry-after']).toBe('1');
      expect(second.json()).toMatchObject({ code: 'CONFLICT', details: { reason: 'in_flight' } });
      t.gates.release('inflight');
      expect((await first).statusCode).toBe(201);
    } else {
      // PGlite has one connection: the repeat waits for the first transaction, then gets its answer.
      await new Promise((r) => setTimeout(r, 100));
      t.gates.release('inflight');
      const [a, b] = await Promise.all([first, secondPromise]);
      expect(a.statusCode).toBe(201);
      expect(b.statusCode).toBe(201);
      expect(b.headers['idempotent-replayed']).toBe('true');
      expect(b.json()).toEqual(a.json());
    }
    const again = await post(manager.token, key, { title: 'slow', gate: 'inflight' }, '/api/test-notes');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const rows = await t.db.db.execute(sql`select count(*)::int as n from test_notes where title = 'slow'`);
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
  });

  it('keeps records 90 days, then the purge removes them', async () => {
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 3600 * 1000);
    const base = { userId: manager.id, fingerprint: 'f', method: 'POST', path: '/api/x', status: 200 };
    await t.db.db.insert(idempotencyKeys).values([
      { ...base, key: 'old-91', createdAt: daysAgo(91) },
      { ...base, key: 'kept-89', createdAt: daysAgo(89) },
    ]);
    expect(await purgeIdempotencyKeys(t.db.db, 90, now)).toBeGreaterThanOrEqual(1);
    const left = await t.db.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
    const keys = left.map((r) => r.key);
    expect(keys).toContain('kept-89');
    expect(keys).not.toContain('old-91');
  });
});
