import { gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncChange, SyncPullResponse } from '@/domain/sync';
import { excavators, syncState } from '@/server/db/schema';
import { purgeTombstones } from '@/server/modules/sync/purge';
import { ADMIN_PASSWORD, createUser, login } from '../../support/helpers';
import { auth, createSyncTestApp, excavatorBody, type SyncTestApp } from '../../support/sync-fixtures';

let t: SyncTestApp;
let admin: string;
let manager: { id: string; token: string };
let operator: { id: string; token: string };

beforeAll(async () => {
  t = await createSyncTestApp();
  admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  manager = await createUser(t, { username: 'sync-manager', role: 'manager' });
  operator = await createUser(t, { username: 'sync-operator', role: 'operator' });
});
afterAll(async () => t.close());

async function pull(token: string, query: Record<string, string | number> = {}) {
  const qs = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return t.app.inject({ url: `/api/sync/pull${qs ? `?${qs}` : ''}`, headers: auth(token) });
}

/** Pages through the pull from `cursor` until hasMore is false, as the client's mirror does. */
async function pullAll(token: string, cursor: number, extra: Record<string, string | number> = {}) {
  const changes: SyncChange[] = [];
  let pages = 0;
  for (;;) {
    const res = await pull(token, { cursor, ...extra });
    expect(res.statusCode).toBe(200);
    const body = res.json() as SyncPullResponse;
    changes.push(...(body.changes as SyncChange[]));
    expect(body.cursor).toBeGreaterThanOrEqual(cursor);
    cursor = body.cursor;
    pages++;
    if (!body.hasMore) return { changes, cursor, pages };
  }
}

async function createExcavator(n: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/excavators',
    payload: excavatorBody(n),
    headers: auth(manager.token),
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string; version: number };
}

describe('GET /api/sync/pull', () => {
  let start: number;
  const ids: string[] = [];

  beforeAll(async () => {
    start = (await pullAll(admin, 0)).cursor;
    for (const n of ['p1', 'p2', 'p3', 'p4', 'p5']) ids.push((await createExcavator(n)).id);
  });

  it('pages in cursor order with limit and hasMore, data as the API returns it', async () => {
    const first = await pull(admin, { cursor: start, limit: 2, collections: 'excavators' });
    expect(first.statusCode).toBe(200);
    const page = first.json() as SyncPullResponse;
    expect(page.changes.map((c) => c.id)).toEqual(ids.slice(0, 2));
    expect(page.hasMore).toBe(true);
    const all = await pullAll(admin, start, { limit: 2, collections: 'excavators' });
    expect(all.changes.map((c) => c.id)).toEqual(ids);
    expect(all.pages).toBe(3);
    const one = await t.app.inject({ url: `/api/excavators/${ids[0]}`, headers: auth(admin) });
    expect(all.changes[0]).toEqual({
      collection: 'excavators',
      id: ids[0],
      deleted: false,
      version: 1,
      data: one.json(),
    });
    // Nothing new: the same cursor comes back, no changes.
    const idle = (await pull(admin, { cursor: all.cursor })).json() as SyncPullResponse;
    expect(idle).toMatchObject({ changes: [], cursor: all.cursor, hasMore: false });
  });

  it('sends an edited row once at its latest version, and tombstones for deletes', async () => {
    const from = (await pullAll(admin, 0)).cursor;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/excavators/${ids[1]}`,
      payload: excavatorBody('p2', { usageHours: 250 }),
      headers: auth(manager.token),
    });
    expect(put.statusCode).toBe(200);
    const put2 = await t.app.inject({
      method: 'PUT',
      url: `/api/excavators/${ids[1]}`,
      payload: excavatorBody('p2', { usageHours: 260 }),
      headers: auth(manager.token),
    });
    expect(put2.json().version).toBe(3);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/excavators/${ids[2]}`,
      headers: auth(manager.token),
    });
    expect(del.statusCode).toBe(200);
    const { changes } = await pullAll(admin, from);
    expect(changes.map((c) => [c.id, c.version, c.deleted])).toEqual([
      [ids[1], 3, false],
      [ids[2], 2, true],
    ]);
    expect((changes[0]!.data as { usageHours: number }).usageHours).toBe(260);
    expect(changes[1]!.data).toBeNull();
    // A fresh mirror has nothing to delete: no tombstones from cursor 0.
    const fresh = await pullAll(admin, 0);
    expect(fresh.changes.some((c) => c.id === ids[2])).toBe(false);
    expect(fresh.changes.every((c) => !c.deleted)).toBe(true);
  });

  it('merges collections in cursor order and filters by collections=', async () => {
    const from = (await pullAll(admin, 0)).cursor;
    const note = await t.app.inject({
      method: 'POST',
      url: '/api/test-notes',
      payload: { title: 'between' },
      headers: auth(admin),
    });
    expect(note.statusCode).toBe(201);
    const exc = await createExcavator('p6');
    const both = await pullAll(admin, from);
    expect(both.changes.map((c) => [c.collection, c.id])).toEqual([
      ['notes', note.json().id],
      ['excavators', exc.id],
    ]);
    const onlyNotes = await pull(admin, { cursor: from, collections: 'notes' });
    expect((onlyNotes.json() as SyncPullResponse).changes.map((c) => c.collection)).toEqual(['notes']);
    expect((onlyNotes.json() as SyncPullResponse).collections).toEqual(['notes']);
    const unknown = await pull(admin, { cursor: from, collections: 'excavators,nope' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toContain('nope');
  });

  it('leaves out collections the user may not read', async () => {
    const res = (await pull(operator.token, { cursor: 0 })).json() as SyncPullResponse;
    // `notes` is the admin-only test collection; the operator reads the module collections.
    expect(res.collections).toContain('excavators');
    expect(res.collections).not.toContain('notes');
    expect(res.changes.every((c) => res.collections.includes(c.collection))).toBe(true);
    expect(res.changes.some((c) => c.collection === 'notes')).toBe(false);
    expect(res.changes.length).toBeGreaterThan(0);
  });

  it('leaves out a collection whose feature flag is off', async () => {
    await t.app.settingsStore.update({ features: { excavators: false } });
    try {
      const res = (await pull(admin, { cursor: 0 })).json() as SyncPullResponse;
      expect(res.collections).toContain('notes');
      expect(res.collections).not.toContain('excavators');
      expect(res.changes.some((c) => c.collection === 'excavators')).toBe(false);
      expect(res.changes.some((c) => c.collection === 'notes')).toBe(true);
    } finally {
      await t.app.settingsStore.update({ features: { excavators: true } });
    }
    const back = (await pull(admin, { cursor: 0 })).json() as SyncPullResponse;
    expect(back.collections).toEqual(expect.arrayContaining(['excavators', 'notes']));
  });

  it('requires sign-in', async () => {
    expect((await t.app.inject({ url: '/api/sync/pull' })).statusCode).toBe(401);
  });

  it('sends a page gzip-packed once to every viewer who takes gzip, plain to one who does not', async () => {
    const from = (await pullAll(admin, 0)).cursor;
    await createExcavator('gz-1');
    await createExcavator('gz-2');
    const ask = (token: string, encoding?: string) =>
      t.app.inject({
        url: `/api/sync/pull?cursor=${from}&collections=excavators`,
        headers: { ...auth(token), ...(encoding !== undefined && { 'accept-encoding': encoding }) },
      });
    const plain = await ask(admin, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const page = plain.json() as SyncPullResponse;
    expect(page.changes).toHaveLength(2);
    const [a, b] = [await ask(admin, 'gzip, deflate, br'), await ask(manager.token, 'gzip')];
    for (const res of [a, b]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(page);
    }
    // The same bytes for both viewers: packed once.
    expect(a.rawPayload.equals(b.rawPayload)).toBe(true);
    // A client that takes only deflate still gets a packed answer, by the route's own compression.
    const deflated = await ask(admin, 'deflate');
    expect(deflated.headers['content-encoding']).toBe('deflate');
  });
});

describe('tombstone retention', () => {
  it('answers 410 GONE for a cursor older than the purged tombstones; cursor 0 re-mirrors', async () => {
    const old = (await pullAll(admin, 0)).cursor;
    const doomed = await createExcavator('purge-1');
    const kept = await createExcavator('purge-2');
    await t.app.inject({
      method: 'DELETE',
      url: `/api/excavators/${doomed.id}`,
      headers: auth(manager.token),
    });
    await t.app.inject({ method: 'DELETE', url: `/api/excavators/${kept.id}`, headers: auth(manager.token) });
    await t.db.db
      .update(excavators)
      .set({ deletedAt: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(excavators.id, doomed.id));

    // Before the purge the old cursor still works and shows the deletion.
    const before = await pullAll(admin, old);
    expect(before.changes.find((c) => c.id === doomed.id)?.deleted).toBe(true);

    const result = await purgeTombstones(t.db.db, t.app.sync);
    expect(result?.minCursor).toBeGreaterThan(old);
    expect(await t.db.db.select().from(excavators).where(eq(excavators.id, doomed.id))).toEqual([]);
    expect(await t.db.db.select().from(excavators).where(eq(excavators.id, kept.id))).toHaveLength(1);

    const gone = await pull(admin, { cursor: old });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ code: 'GONE', details: { minCursor: result!.minCursor } });
    const [state] = await t.db.db.select().from(syncState).where(eq(syncState.id, 1));
    expect(state?.minCursor).toBe(result!.minCursor);
    expect((await pull(admin, { cursor: result!.minCursor })).statusCode).toBe(200);
    expect((await pull(admin, { cursor: 0 })).statusCode).toBe(200);
  });

  it('answers 410 for a cursor the server never handed out (e.g. after a restore)', async () => {
    const res = await pull(admin, { cursor: 9_000_000 });
    expect(res.statusCode).toBe(410);
  });
});

describe('optimistic concurrency (If-Match / ETag)', () => {
  it('updates with a fresh If-Match, answers 409 with the current row for a stale one', async () => {
    const created = await createExcavator('ifm-1');
    const fresh = await t.app.inject({
      method: 'PUT',
      url: `/api/excavators/${created.id}`,
      payload: excavatorBody('ifm-1', { location: 'Yard A' }),
      headers: { ...auth(manager.token), 'if-match': '"1"' },
    });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().version).toBe(2);
    expect(fresh.headers.etag).toBe('"2"');

    const stale = await t.app.inject({
      method: 'PUT',
      url: `/api/excavators/${created.id}`,
      payload: excavatorBody('ifm-1', { location: 'Yard B' }),
      headers: { ...auth(manager.token), 'if-match': '"1"' },
    });
    expect(stale.statusCode).toBe(409);
    const current = await t.app.inject({
      url: `/api/excavators/${created.id}`,
      headers: auth(manager.token),
    });
    expect(current.headers.etag).toBe('"2"');
    expect(stale.json()).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'version', current: current.json() },
    });
    expect(current.json().location).toBe('Yard A');

    const staleDelete = await t.app.inject({
      method: 'DELETE',
      url: `/api/excavators/${created.id}`,
      headers: { ...auth(manager.token), 'if-match': '"1"' },
    });
    expect(staleDelete.statusCode).toBe(409);
    const okDelete = await t.app.inject({
      method: 'DELETE',
      url: `/api/excavators/${created.id}`,
      headers: { ...auth(manager.token), 'if-match': 'W/"2"' },
    });
    expect(okDelete.statusCode).toBe(200);
    expect(okDelete.json()).toMatchObject({ version: 3 });
    expect(okDelete.json().deletedAt).not.toBeNull();
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/excavators/${created.id}`,
      payload: excavatorBody('ifm-1'),
      headers: { ...auth(manager.token), 'if-match': 'banana' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('creates with a client-supplied id', () => {
  it('answers the existing row for the same user and content; 409 otherwise', async () => {
    const id = uuidv7();
    const body = excavatorBody('cid-1', { id, notes: 'first' });
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/excavators',
      payload: body,
      headers: auth(manager.token),
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().id).toBe(id);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/excavators',
      payload: body,
      headers: auth(manager.token),
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());

    const otherContent = await t.app.inject({
      method: 'POST',
      url: '/api/excavators',
      payload: { ...body, notes: 'second' },
      headers: auth(manager.token),
    });
    expect(otherContent.statusCode).toBe(409);
    expect(otherContent.json().details).toMatchObject({
      reason: 'id_taken',
      current: { id, notes: 'first' },
    });

    const otherUser = await t.app.inject({
      method: 'POST',
      url: '/api/excavators',
      payload: body,
      headers: auth(admin),
    });
    expect(otherUser.statusCode).toBe(409);
    const rows = await t.db.db.execute(sql`select count(*)::int as n from excavators where id = ${id}`);
    expect((rows as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(1);
  });
});
