import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncPullResponse } from '@/domain/sync';
import { ADMIN_PASSWORD, login } from '../../support/helpers';
import { auth, createSyncTestApp, type SyncTestApp } from '../../support/sync-fixtures';

/*
 * The cursor must never let a client skip a row that commits late. Only a real
 * PostgreSQL server runs transactions side by side (PGlite has one connection and runs them one after
 * another), so this file needs DATABASE_URL; without it the suite is skipped, by design:
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx vitest run --project server tests/server/modules/sync/sync-cursor.test.ts
 *
 * With a plain sequence as the cursor, transaction A would take 1, B would take 2 and commit first, a
 * pull would answer cursor 2, and A's row (1) would never reach that client. These tests fail then.
 */
describe.runIf(!!process.env.DATABASE_URL)('change cursor with overlapping transactions (PostgreSQL)', () => {
  let t: SyncTestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createSyncTestApp();
    admin = await login(t.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => t?.close());

  const createNote = (title: string, gate?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/test-notes',
      payload: { title, ...(gate ? { gate } : {}) },
      headers: auth(admin),
    });

  async function pull(cursor: number) {
    const res = await t.app.inject({
      url: `/api/sync/pull?cursor=${cursor}&collections=notes`,
      headers: auth(admin),
    });
    expect(res.statusCode).toBe(200);
    return res.json() as SyncPullResponse;
  }

  async function pullAll(cursor: number) {
    const ids: string[] = [];
    for (;;) {
      const page = await pull(cursor);
      ids.push(...page.changes.map((c) => c.id));
      cursor = page.cursor;
      if (!page.hasMore) return { ids, cursor };
    }
  }

  it('A stamps first, B starts later: a pull in between skips neither once both commit', async () => {
    const start = (await pullAll(0)).cursor;

    // A stamps its row and keeps its transaction open.
    const a = createNote('A', 'hold-a');
    await t.gates.entered('hold-a');

    // B starts later and would commit first, were it not for the counter lock.
    let bCommitted = false;
    const b = createNote('B').then((res) => {
      bCommitted = true;
      return res;
    });
    await new Promise((r) => setTimeout(r, 300));

    // A client pulls while A is open.
    const between = await pull(start);
    expect(bCommitted).toBe(false);
    const seen = new Set(between.changes.map((c) => c.id));

    t.gates.release('hold-a');
    const [ra, rb] = await Promise.all([a, b]);
    expect(ra.statusCode).toBe(201);
    expect(rb.statusCode).toBe(201);
    const idA = ra.json().id as string;
    const idB = rb.json().id as string;
    // Commit order = cursor order.
    expect(ra.json().seq).toBeLessThan(rb.json().seq);

    // The same client continues from the cursor it was given.
    for (const id of (await pullAll(between.cursor)).ids) seen.add(id);
    expect(seen.has(idA)).toBe(true);
    expect(seen.has(idB)).toBe(true);
  });

  it('a client pulling throughout many concurrent writes ends with every row exactly once', async () => {
    let cursor = (await pullAll(0)).cursor;
    const received: string[] = [];
    let writing = true;
    const puller = (async () => {
      while (writing) {
        const page = await pull(cursor);
        received.push(...page.changes.map((c) => c.id));
        cursor = page.cursor;
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => createNote(`burst-${i}`)));
    writing = false;
    await puller;
    received.push(...(await pullAll(cursor)).ids);

    const created = results.map((r) => {
      expect(r.statusCode).toBe(201);
      return r.json().id as string;
    });
    expect(new Set(received).size).toBe(received.length);
    expect(new Set(received)).toEqual(new Set(created));
  });
});
