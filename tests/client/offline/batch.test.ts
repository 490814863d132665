import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readBatchStatuses } from '@/client/offline/hooks/batches';
import { BATCH_META_PREFIX } from '@/client/offline/types';
import { createHarness, type Harness } from './harness';

let h: Harness;

beforeEach(() => {
  h = createHarness();
});

afterEach(async () => {
  await h.dispose();
});

const importBatch = (rows: Array<Record<string, unknown>>, id?: string) =>
  h.engine.enqueueBatch({
    collection: 'excavators',
    url: '/api/excavators/import',
    body: { rows },
    size: rows.length,
    label: 'machines.csv',
    id,
  });

const statuses = () => readBatchStatuses(h.db, 'excavators', h.user?.id ?? null);

describe('batches (a CSV import queued offline)', () => {
  it('waits in the outbox across a reload, goes out once under its id as key, and keeps the answer', async () => {
    h.server.offline = true;
    const id = await importBatch([{ name: 'A' }, { name: '' }, { name: 'B' }]);
    expect(await h.engine.replay()).toMatchObject({ status: 'retry-later', offline: true });
    await h.reload();
    expect(await statuses()).toMatchObject([
      { id, state: 'waiting', size: 3, label: 'machines.csv', answer: null },
    ]);
    // Nothing is applied here before the server answers.
    expect(await h.db.excavators.count()).toBe(0);

    h.server.offline = false;
    expect(await h.engine.replay({ force: true })).toMatchObject({ status: 'done', sent: 1 });
    const sent = h.server.requests.filter((r) => r.method === 'POST' && r.url === '/api/excavators/import');
    expect(sent.every((r) => r.headers['idempotency-key'] === id)).toBe(true);
    expect(h.server.live().map((row) => row.fields.name)).toEqual(['A', 'B']);
    expect(await h.db.outbox.count()).toBe(0);
    const [done] = await statuses();
    expect(done).toMatchObject({
      id,
      state: 'done',
      answer: { imported: 2, errors: [{ row: 2, reason: 'Name is required' }] },
    });
    expect(done!.doneAt).not.toBeNull();
    // The imported records come with the pull.
    await h.engine.pull();
    expect((await h.db.excavators.toArray()).map((row) => row.name).sort()).toEqual(['A', 'B']);

    await h.engine.forgetBatch(id);
    expect(await statuses()).toEqual([]);
  });

  it('counts once when the first send reached the server but its answer was lost', async () => {
    const id = await importBatch([{ name: 'A' }]);
    h.server.faults.push('lost-response');
    expect(await h.engine.replay()).toMatchObject({ status: 'retry-later' });
    expect(h.server.live()).toHaveLength(1);
    expect(await h.engine.replay({ force: true })).toMatchObject({ status: 'done', sent: 1 });
    expect(h.server.live()).toHaveLength(1);
    // The replayed answer is the stored one; no record is read back for a batch.
    expect(h.server.requests.filter((r) => r.method === 'GET' && r.url.includes(id))).toEqual([]);
    expect((await statuses())[0]).toMatchObject({ state: 'done', answer: { imported: 1 } });
  });

  it('uses the key a screen already tried online, so that attempt and the queued one count once', async () => {
    const key = 'import-key-1';
    // The screen's own request reached the server, then the connection dropped before the answer.
    await h.server.transport({
      method: 'POST',
      url: '/api/excavators/import',
      headers: {
        'x-auth-token': h.token!,
        'idempotency-key': key,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ rows: [{ name: 'A' }] }),
    });
    await importBatch([{ name: 'A' }], key);
    await h.engine.replay();
    expect(h.server.live()).toHaveLength(1);
    expect((await statuses())[0]).toMatchObject({ id: key, state: 'done', answer: { imported: 1 } });
  });

  it('shows a refused batch as failed with the reason, and a discard forgets it', async () => {
    await h.engine.enqueueBatch({
      collection: 'excavators',
      url: '/api/excavators/import',
      body: { rows: 'not a list' },
      size: 0,
      label: 'broken.csv',
    });
    await h.engine.replay();
    const [failed] = await statuses();
    expect(failed).toMatchObject({ state: 'failed', error: 'rows must be a list' });
    const entry = await h.db.outbox.orderBy('seq').first();
    expect(await h.engine.discard(entry!.seq!)).toBe(1);
    expect(await h.db.outbox.count()).toBe(0);
    expect(await h.db.meta.where('key').startsWith(BATCH_META_PREFIX).count()).toBe(0);
    // No tombstone or row was made up for the batch id.
    expect(await h.db.shadows.count()).toBe(0);
  });

  it("does not show another user's batches", async () => {
    await importBatch([{ name: 'A' }]);
    h.signIn('u2');
    expect(await statuses()).toEqual([]);
  });
});
