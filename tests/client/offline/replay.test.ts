import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, backoffDelay, parseRetryAfter } from '@/client/offline/backoff';
import { createHarness, createMemoryLocks, excavator, type Harness } from './harness';
import { mayStart, PUSH_MAX_ENTRIES, REPLAY_WINDOW } from '@/client/offline/replay';
import { recordKey } from '@/client/offline/rows';
import type { OutboxEntry } from '@/client/offline/types';
import type { SyncPushEntry } from '@/domain/sync';
import { hasForbiddenControl } from '@/domain/text';

/** Waits for the engine's background work (slow on a busy machine). */
const eventually = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 5000, interval: 20 });

let h: Harness;

beforeEach(() => {
  h = createHarness();
});

afterEach(async () => {
  await h.dispose();
});

/** Writes as their routes saw them (alone or as entries of a batch). */
const writes = () => h.server.routed.filter((r) => r.method !== 'GET');
/** Single write requests over the wire (a server without batches). */
const singles = () => h.server.requests.filter((r) => r.method !== 'GET' && r.url !== '/api/sync/push');
const states = async () => (await h.db.outbox.orderBy('seq').toArray()).map((e) => `${e.kind}:${e.state}`);

describe('replay', () => {
  it('sends entries FIFO with an Idempotency-Key and If-Match, then replaces the local rows', async () => {
    const a = await h.engine.createRecord('excavators', excavator('A'));
    await h.engine.updateRecord('excavators', a.id, { location: 'Yard 1' });
    const result = await h.engine.replay();
    expect(result).toMatchObject({ status: 'done', sent: 2 });
    const [post, put] = writes();
    expect(post).toMatchObject({ method: 'POST', url: '/api/excavators' });
    expect(post!.headers['idempotency-key']).toBeTruthy();
    expect(post!.headers['if-match']).toBeUndefined();
    expect(put).toMatchObject({ method: 'PATCH', url: `/api/excavators/${a.id}` });
    // The update built on the create's answer (version 1) once it was acknowledged.
    expect(put!.headers['if-match']).toBe('"1"');
    // Only the changed field travels.
    expect(JSON.parse(put!.body as string)).toEqual({ location: 'Yard 1' });
    expect(await h.db.outbox.count()).toBe(0);
    const row = await h.db.excavators.get(a.id);
    expect(row).toMatchObject({ version: 2, location: 'Yard 1' });
    expect(row!._sync).toBeUndefined();
  });

  it('marks a refused entry failed with the server message; later changes of that record wait, others go on', async () => {
    const a = await h.engine.createRecord('excavators', excavator('A'));
    await h.engine.replay();
    h.server.routed = [];
    await h.engine.updateRecord('excavators', a.id, { name: '' });
    await h.engine.updateRecord('excavators', a.id, { location: 'Yard 2' });
    const b = await h.engine.createRecord('excavators', excavator('B'));
    const result = await h.engine.replay();
    expect(result).toMatchObject({ status: 'done', sent: 1 });
    expect(writes().map((r) => `${r.method} ${r.url}`)).toEqual([
      `PATCH /api/excavators/${a.id}`,
      'POST /api/excavators',
    ]);
    expect(await states()).toEqual(['update:failed', 'update:waiting']);
    const failed = await h.db.outbox.orderBy('seq').first();
    expect(failed).toMatchObject({ error: 'Name is required', errorStatus: 400 });
    expect(h.server.rows.get(b.id)).toBeDefined();
    // Nothing is sent again for the blocked record until a person decides.
    h.server.routed = [];
    await h.engine.replay({ force: true });
    expect(writes()).toEqual([]);
  });

  it('stops on a 5xx, backs off exponentially with jitter and honours the back-off unless forced', async () => {
    // A server without batches: one request per entry.
    h.server.batches = false;
    // One window goes at once (A fails, its neighbours are sent); the run stops before the next window.
    const records = REPLAY_WINDOW + 2;
    for (let i = 0; i < records; i++) await h.engine.createRecord('excavators', excavator(`E${i}`));
    h.server.faults.push('http500');
    const first = await h.engine.replay();
    expect(first).toMatchObject({ status: 'retry-later', sent: REPLAY_WINDOW - 1, offline: false });
    expect(singles()).toHaveLength(REPLAY_WINDOW);
    expect(await h.db.outbox.count()).toBe(3);
    const entry = await h.db.outbox.orderBy('seq').first();
    expect(entry).toMatchObject({ state: 'waiting', attempts: 1, error: 'Internal server error' });
    expect(entry!.nextAttemptAt - h.clock.now).toBe(backoffDelay(1, () => 0.5));
    expect(h.engine.status.get()).toMatchObject({
      retryAt: entry!.nextAttemptAt,
      lastError: 'Internal server error',
    });

    // Not yet time: nothing is sent, not even the entries behind the one that waits.
    expect(await h.engine.replay()).toMatchObject({ status: 'retry-later', sent: 0 });
    expect(singles()).toHaveLength(REPLAY_WINDOW);

    h.clock.now = entry!.nextAttemptAt;
    expect(await h.engine.replay()).toMatchObject({ status: 'done', sent: 3 });
    expect(h.server.live()).toHaveLength(records);
    expect(h.engine.status.get()).toMatchObject({ retryAt: null, lastError: null });
  });

  it('treats network errors and 429 as transient and honours Retry-After', async () => {
    await h.engine.createRecord('excavators', excavator('A'));
    h.server.offline = true;
    expect(await h.engine.replay()).toMatchObject({ status: 'retry-later', offline: true });
    h.server.offline = false;
    h.server.faults.push('http429');
    const result = await h.engine.replay({ force: true });
    expect(result).toMatchObject({ status: 'retry-later' });
    // Attempt 2 would wait 3 s (jitter 0.5 of 4 s); Retry-After: 2 is shorter, so the back-off wins.
    expect(result.status === 'retry-later' && result.retryAt - h.clock.now).toBe(backoffDelay(2, () => 0.5));
    expect(await h.engine.replay({ force: true })).toMatchObject({ status: 'done', sent: 1 });
    expect(h.server.live()).toHaveLength(1);
  });

  it('grows the back-off per failed run, but not across page loads or after a sign of connectivity', async () => {
    await h.engine.createRecord('excavators', excavator('A'));
    h.server.offline = true;
    const delay = async () => {
      const result = await h.engine.replay({ force: true });
      return result.status === 'retry-later' ? result.retryAt - h.clock.now : null;
    };
    expect(await delay()).toBe(backoffDelay(1, () => 0.5));
    expect(await delay()).toBe(backoffDelay(2, () => 0.5));
    expect(await delay()).toBe(backoffDelay(3, () => 0.5));
    h.engine.connectivityRestored();
    expect(await delay()).toBe(backoffDelay(1, () => 0.5));
    expect(await delay()).toBe(backoffDelay(2, () => 0.5));
    // A page load made offline is no attempt: the new page starts with the shortest wait.
    await h.reload();
    expect(await delay()).toBe(backoffDelay(1, () => 0.5));
  });

  it('probes the server while the link is down and sends as soon as it answers, without another trigger', async () => {
    await h.engine.createRecord('excavators', excavator('A'));
    h.server.offline = true;
    h.engine.start();
    expect(await h.engine.replay()).toMatchObject({ status: 'retry-later', offline: true });
    await eventually(() => expect(h.server.requests.some((r) => r.url === '/api/health')).toBe(true));
    h.server.offline = false;
    await eventually(() => expect(h.server.live()).toHaveLength(1));
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('waits and resends with the same key while the key is still in flight', async () => {
    await h.engine.createRecord('excavators', excavator('A'));
    h.server.faults.push('in-flight');
    expect(await h.engine.replay()).toMatchObject({
      status: 'retry-later',
      error: expect.stringContaining('in progress'),
    });
    expect(await h.engine.replay({ force: true })).toMatchObject({ status: 'done', sent: 1 });
    const [first, second] = writes();
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('fails an entry whose create id is taken by another record', async () => {
    h.server.createAsOther('taken', excavator('Other'));
    h.server.deleteAsOther('taken');
    await h.engine.createRecord('excavators', { ...excavator('Mine'), id: 'taken' });
    await h.engine.replay();
    expect(await h.db.outbox.toArray()).toMatchObject([
      { state: 'failed', errorStatus: 409, error: 'This id is already used by another record' },
    ]);
  });

  it('resends after a lost response with the same key: the server applies it once', async () => {
    const a = await h.engine.createRecord('excavators', excavator('A'));
    h.server.faults.push('lost-response');
    expect(await h.engine.replay()).toMatchObject({ status: 'retry-later', offline: true });
    expect(h.server.rows.get(a.id)).toBeDefined();
    await h.reload();
    expect(await h.engine.replay({ force: true })).toMatchObject({ status: 'done', sent: 1 });
    const [first, second] = writes();
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
    expect(h.server.applied.filter((w) => w.recordId === a.id)).toHaveLength(1);
    expect(await h.db.excavators.get(a.id)).toMatchObject({ version: 1 });
  });

  it('checks a replayed answer against the current record: gone since, it goes here too', async () => {
    const a = await h.engine.createRecord('excavators', excavator('A'));
    h.server.faults.push('lost-response');
    await h.engine.replay();
    h.server.deleteAsOther(a.id);
    h.server.purgeTombstones();
    await h.engine.replay({ force: true });
    expect(h.server.routed.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/excavators',
      'POST /api/excavators',
      `GET /api/excavators/${a.id}`,
    ]);
    expect(await h.db.excavators.get(a.id)).toBeUndefined();
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('rebases later changes on the version the write produced, not on a fresher read', async () => {
    const a = await h.engine.createRecord('excavators', excavator('A'));
    await h.engine.replay();
    await h.engine.updateRecord('excavators', a.id, { location: 'L1' });
    h.server.faults.push('lost-response');
    await h.engine.replay();
    h.server.editAsOther(a.id, { status: 'maintenance' });
    await h.engine.updateRecord('excavators', a.id, { notes: 'N2' });
    await h.engine.replay({ force: true });
    // The second change builds on version 2 (the first change's result): the server's version 3 came
    // from someone else, so it merges instead of overwriting the status.
    expect(h.server.rows.get(a.id)!.fields).toMatchObject({
      location: 'L1',
      notes: 'N2',
      status: 'maintenance',
    });
    expect(await h.db.excavators.get(a.id)).toMatchObject({ version: 4, status: 'maintenance', notes: 'N2' });
  });

  it('sends a new change at once when started', async () => {
    h.engine.start();
    const a = await h.engine.createRecord('excavators', excavator('A'));
    await eventually(async () => expect(await h.db.outbox.count()).toBe(0));
    expect(h.server.rows.get(a.id)).toBeDefined();
    h.engine.stop();
  });

  it('does not blindly resend a key older than the server keeps it; Retry uses a fresh key', async () => {
    const a = await h.engine.createRecord('excavators', excavator('A'));
    h.server.faults.push('lost-response');
    await h.engine.replay();
    h.clock.now += 90 * 24 * 60 * 60 * 1000;
    await h.engine.replay({ force: true });
    const [entry] = await h.db.outbox.toArray();
    expect(entry).toMatchObject({ state: 'failed', errorKey: 'tooOld' });
    await h.engine.retry(entry!.seq!);
    await h.engine.replay();
    // The create carries its client id: the server answers the existing row instead of a second one.
    expect(await h.db.outbox.count()).toBe(0);
    expect(h.server.applied.filter((w) => w.recordId === a.id)).toHaveLength(1);
    const keys = writes().map((r) => r.headers['idempotency-key']);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('pauses on 401, keeps everything and resumes when the user signs in again', async () => {
    const seen: string[] = [];
    h.engine.events.on('auth-required', (userId) => seen.push(userId));
    await h.engine.createRecord('excavators', excavator('A'));
    h.server.expire(h.token!);
    expect(await h.engine.replay()).toMatchObject({ status: 'auth-required', userId: 'u1' });
    expect(seen).toEqual(['u1']);
    expect(h.engine.status.get().authRequired).toBe(true);
    expect(await h.db.outbox.orderBy('seq').first()).toMatchObject({ state: 'waiting', attempts: 0 });

    h.server.requests = [];
    expect(await h.engine.replay({ force: true })).toEqual({ status: 'paused' });
    expect(await h.engine.pull()).toEqual({ status: 'paused' });
    expect(h.server.requests).toEqual([]);

    h.signIn('u1');
    await h.engine.signedIn();
    expect(h.engine.status.get().authRequired).toBe(false);
    expect(await h.db.outbox.count()).toBe(0);
    expect(h.server.live()).toHaveLength(1);
  });

  it('replays an outbox only under the user who wrote it', async () => {
    await h.engine.createRecord('excavators', excavator('A'));
    h.signIn('u2');
    await h.engine.createRecord('excavators', excavator('B'));
    expect(await h.engine.replay()).toMatchObject({ status: 'done', sent: 1 });
    expect([...h.server.rows.values()].map((r) => [r.fields.name, r.createdBy])).toEqual([['B', 'u2']]);
    expect(await h.db.outbox.toArray()).toMatchObject([{ userId: 'u1', state: 'waiting' }]);
    expect(await h.engine.pendingCountForUser('u1')).toBe(1);
    expect(await h.engine.pendingCountForUser('u2')).toBe(0);
    h.signIn('u1');
    await h.engine.replay();
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('runs one replayer across tabs: every entry reaches the server once', async () => {
    await h.dispose();
    h = createHarness({ locks: createMemoryLocks() });
    for (const name of ['A', 'B', 'C', 'D']) await h.engine.createRecord('excavators', excavator(name));
    const tab = h.openTab();
    const results = await Promise.all([h.engine.replay(), tab.engine.replay(), h.engine.replay()]);
    expect(results.map((r) => r.status).sort()).toEqual(['busy', 'done', 'done']);
    expect(writes()).toHaveLength(4);
    expect(h.server.live()).toHaveLength(4);
  });
});

describe('batched replay', () => {
  const pushes = () => h.server.requests.filter((r) => r.url === '/api/sync/push');

  it('sends the queue in batches bounded by count, in order, each write applied once', async () => {
    const count = PUSH_MAX_ENTRIES * 2 + 20;
    for (let i = 0; i < count; i++) await h.engine.createRecord('excavators', excavator(`B${i}`));
    expect(await h.engine.replay()).toMatchObject({ status: 'done', sent: count });
    expect(h.server.pushed).toEqual([PUSH_MAX_ENTRIES, PUSH_MAX_ENTRIES, 20]);
    expect(h.server.requests.filter((r) => r.method !== 'GET')).toEqual(pushes());
    expect(h.server.applied).toHaveLength(count);
    expect(h.server.applied.map((w) => w.introduced.name)).toEqual(
      Array.from({ length: count }, (_, i) => `B${i}`),
    );
    expect(await h.db.outbox.count()).toBe(0);
  });

  it("puts each key on the wire once: the batch passes the server's text rule instead of being refused whole", async () => {
    const a = await h.engine.createRecord('excavators', excavator('K0'));
    await h.engine.updateRecord('excavators', a.id, { location: 'L1' });
    for (let i = 1; i < 4; i++) await h.engine.createRecord('excavators', excavator(`K${i}`));
    expect(await h.engine.replay()).toMatchObject({ status: 'done', sent: 5 });
    expect(pushes()).toHaveLength(1);
    expect(singles()).toEqual([]);
    const [push] = pushes().map((r) => JSON.parse(r.body as string) as { entries: SyncPushEntry[] });
    expect(
      push!.entries.every((entry) => entry.group !== undefined && !hasForbiddenControl(entry.group)),
    ).toBe(true);
    // A create and its edit share a group, so a failed create would hold the edit back.
    expect(push!.entries[0]!.group).toBe(push!.entries[1]!.group);
    expect(new Set(push!.entries.map((entry) => entry.group)).size).toBe(4);
    expect(new Set(push!.entries.map((entry) => entry.idempotencyKey)).size).toBe(5);
    expect(h.server.applied).toHaveLength(5);
  });

  it('sends a create and the edits made on it in one batch, each edit on the version the last produced', async () => {
    const a = await h.engine.createRecord('excavators', excavator('A'));
    await h.engine.updateRecord('excavators', a.id, { location: 'L1' });
    await h.engine.updateRecord('excavators', a.id, { notes: 'N1' });
    expect(await h.engine.replay()).toMatchObject({ status: 'done', sent: 3 });
    expect(pushes()).toHaveLength(1);
    expect(writes().map((r) => r.headers['if-match'])).toEqual([undefined, '"1"', '"2"']);
    expect(h.server.rows.get(a.id)).toMatchObject({ version: 3, fields: { location: 'L1', notes: 'N1' } });
    expect(await h.db.excavators.get(a.id)).toMatchObject({ version: 3, location: 'L1', notes: 'N1' });
  });

  it('retries a whole batch whose answer was lost under the same keys: applied once', async () => {
    for (let i = 0; i < 5; i++) await h.engine.createRecord('excavators', excavator(`L${i}`));
    h.server.faults.push('lost-response');
    expect(await h.engine.replay()).toMatchObject({ status: 'retry-later', offline: true });
    expect(h.server.applied).toHaveLength(5);
    expect(await h.engine.replay({ force: true })).toMatchObject({ status: 'done', sent: 5 });
    const [first, second] = pushes().map((r) => JSON.parse(r.body as string) as { entries: object[] });
    expect(second!.entries).toEqual(first!.entries);
    expect(h.server.applied).toHaveLength(5);
    expect(writes().filter((r) => r.method === 'POST')).toHaveLength(10);
  });

  it('answers a resent batch with each record as it is now: no read per entry over the link', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await h.engine.createRecord('excavators', excavator(`R${i}`))).id);
    h.server.faults.push('lost-response');
    expect(await h.engine.replay()).toMatchObject({ status: 'retry-later', offline: true });
    h.server.editAsOther(ids[0]!, { location: 'Yard 2' });
    expect(await h.engine.replay({ force: true })).toMatchObject({ status: 'done', sent: 5 });
    expect(h.server.requests.filter((r) => r.method === 'GET')).toEqual([]);
    // The stored answer of the create is version 1; the row here is what the server holds now.
    expect(await h.db.excavators.get(ids[0]!)).toMatchObject({ version: 2, location: 'Yard 2' });
    expect(h.server.applied).toHaveLength(5);
  });

  it('claims a batch and applies its answers in a handful of transactions, not one per entry', async () => {
    const count = 50;
    for (let i = 0; i < count; i++) await h.engine.createRecord('excavators', excavator(`T${i}`));
    let writeTransactions = 0;
    h.db.use({
      stack: 'dbcore',
      name: 'count-write-transactions',
      create: (down) => ({
        ...down,
        transaction: (stores, mode, options) => {
          if (mode === 'readwrite') writeTransactions++;
          return down.transaction(stores, mode, options);
        },
      }),
    });
    // Middleware takes effect when the database opens.
    h.db.close();
    await h.db.open();
    expect(await h.engine.replay()).toMatchObject({ status: 'done', sent: count });
    expect(h.server.pushed).toEqual([count]);
    expect(writeTransactions).toBeGreaterThan(0);
    expect(writeTransactions).toBeLessThan(5);
  });

  it('halves a batch whose answer was lost and grows it back once answers come', async () => {
    const count = PUSH_MAX_ENTRIES + 50;
    for (let i = 0; i < count; i++) await h.engine.createRecord('excavators', excavator(`H${i}`));
    h.server.faults.push('lost-response', 'lost-response');
    expect(await h.engine.replay()).toMatchObject({ status: 'retry-later', offline: true });
    expect(await h.engine.replay({ force: true })).toMatchObject({ status: 'retry-later', offline: true });
    expect(await h.engine.replay({ force: true })).toMatchObject({ status: 'done', sent: count });
    const half = PUSH_MAX_ENTRIES / 2;
    expect(h.server.pushed).toEqual([PUSH_MAX_ENTRIES, half, half / 2, half, count - half / 2 - half]);
    expect(h.server.applied).toHaveLength(count);
    expect(await h.db.outbox.count()).toBe(0);
  });

  it('backs off once per run: a run that got entries through waits the shortest step, however long the streak', async () => {
    for (let i = 0; i < 3; i++) await h.engine.createRecord('excavators', excavator(`S${i}`));
    h.server.offline = true;
    for (let run = 0; run < 4; run++) await h.engine.replay({ force: true });
    h.server.offline = false;
    // The first entry's key is still in flight from a cut request; the other two go through.
    h.server.faults.push('in-flight');
    const result = await h.engine.replay({ force: true });
    expect(result).toMatchObject({ status: 'retry-later', sent: 2, offline: false });
    expect(result.status === 'retry-later' && result.retryAt - h.clock.now).toBe(
      backoffDelay(1, () => 0.5, 1000),
    );
    expect(await h.db.outbox.toArray()).toMatchObject([
      { state: 'waiting', nextAttemptAt: result.status === 'retry-later' ? result.retryAt : -1 },
    ]);
    h.clock.now += backoffDelay(1, () => 0.5, 1000);
    expect(await h.engine.replay()).toMatchObject({ status: 'done', sent: 1 });
  });

  it('backs the whole batch off on a 5xx and sends it later', async () => {
    for (let i = 0; i < 3; i++) await h.engine.createRecord('excavators', excavator(`F${i}`));
    h.server.faults.push('http503');
    expect(await h.engine.replay()).toMatchObject({ status: 'retry-later', sent: 0, offline: false });
    expect(await states()).toEqual(['create:waiting', 'create:waiting', 'create:waiting']);
    expect(h.server.applied).toHaveLength(0);
    expect(await h.engine.replay({ force: true })).toMatchObject({ status: 'done', sent: 3 });
  });

  it('sends one request per entry to a server without batches (404), from then on', async () => {
    h.server.batches = false;
    for (let i = 0; i < 3; i++) await h.engine.createRecord('excavators', excavator(`O${i}`));
    expect(await h.engine.replay()).toMatchObject({ status: 'done', sent: 3 });
    expect(pushes()).toHaveLength(1);
    expect(h.server.requests.filter((r) => r.url === '/api/excavators')).toHaveLength(3);
    expect(await h.db.outbox.toArray()).toEqual([]);
    await h.engine.createRecord('excavators', excavator('O3'));
    expect(await h.engine.replay()).toMatchObject({ status: 'done', sent: 1 });
    expect(pushes()).toHaveLength(1);
    // The 404 of the batch endpoint cost no attempt.
    expect(h.server.live()).toHaveLength(4);
  });
});

describe('back-off schedule', () => {
  it('doubles from the base up to the cap, with jitter between half and all of it', () => {
    expect(backoffDelay(1, () => 0)).toBe(BACKOFF_BASE_MS / 2);
    expect(backoffDelay(1, () => 1)).toBe(BACKOFF_BASE_MS);
    expect(backoffDelay(2, () => 1)).toBe(BACKOFF_BASE_MS * 2);
    expect(backoffDelay(4, () => 1)).toBe(BACKOFF_BASE_MS * 8);
    expect(backoffDelay(50, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(50, () => 0)).toBe(BACKOFF_MAX_MS / 2);
    expect(backoffDelay(1, () => 0, 60_000)).toBe(60_000);
  });

  it('reads Retry-After as seconds or a date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:10 GMT', now)).toBe(10_000);
    expect(parseRetryAfter(null, now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBe(0);
  });
});

describe('what may be in flight together', () => {
  let seq = 0;
  const entry = (collection: string, recordId: string) =>
    ({ seq: ++seq, collection, recordId }) as OutboxEntry;
  const flying = (...entries: OutboxEntry[]) =>
    entries.map((e) => ({ key: recordKey(e.collection, e.recordId), collection: e.collection }));

  it('starts anything when nothing flies, and other records of the same collection next to it', () => {
    expect(mayStart(entry('reports', 'r'), [])).toBe(true);
    expect(mayStart(entry('excavators', 'b'), flying(entry('excavators', 'a')))).toBe(true);
  });

  it('holds a change while its record or another collection flies, or every slot is taken', () => {
    expect(mayStart(entry('excavators', 'a'), flying(entry('excavators', 'a')))).toBe(false);
    expect(mayStart(entry('reports', 'r'), flying(entry('excavators', 'a')))).toBe(false);
    const full = flying(...Array.from({ length: REPLAY_WINDOW }, (_, i) => entry('inventory', `i${i}`)));
    expect(mayStart(entry('inventory', 'next'), full)).toBe(false);
    expect(mayStart(entry('inventory', 'next'), full.slice(1))).toBe(true);
  });
});

describe('pull while replaying', () => {
  let h2: Harness;
  beforeEach(() => {
    h2 = createHarness();
  });
  afterEach(async () => {
    await h2.dispose();
  });

  it('waits for the replay and pulls once for all the pokes it caused', async () => {
    for (let i = 0; i < 3; i++) await h2.engine.createRecord('excavators', excavator(`P${i}`));
    const replaying = h2.engine.replay();
    expect(h2.engine.status.get().replaying).toBe(true);
    const pulls = [h2.engine.pull(), h2.engine.pull()];
    await replaying;
    expect((await Promise.all(pulls)).map((p) => p.status)).toEqual(['done', 'done']);
    const urls = h2.server.requests.map((r) => `${r.method} ${r.url.split('?')[0]}`);
    // The three creates went as one batch.
    expect(urls).toEqual(['POST /api/sync/push', 'GET /api/sync/pull']);
  });
});
