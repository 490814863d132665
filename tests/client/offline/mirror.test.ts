import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIRROR_STATE_KEY } from '@/client/offline/mirror';
import type { TransportRequest, TransportResponse } from '@/client/offline/transport';
import { createHarness, excavator, type Harness } from './harness';

let h: Harness;

beforeEach(() => {
  h = createHarness();
});

afterEach(async () => {
  await h.dispose();
});

const pulls = () => h.server.requests.filter((r) => r.url.startsWith('/api/sync/pull'));

describe('mirror', () => {
  it('pages through the pull until hasMore is false and stores the cursor', async () => {
    for (let i = 0; i < 4203; i++)
      h.server.createAsOther(`id-${String(i).padStart(4, '0')}`, excavator(`E${i}`));
    expect(await h.engine.pull()).toEqual({ status: 'done', changes: 4203, pages: 3 });
    expect(pulls().map((r) => r.url)).toEqual([
      '/api/sync/pull?cursor=0&limit=2000',
      '/api/sync/pull?cursor=2000&limit=2000',
      '/api/sync/pull?cursor=4000&limit=2000',
    ]);
    expect(await h.db.excavators.count()).toBe(4203);
    expect(await h.db.excavators.get('id-0007')).toMatchObject({
      name: 'E7',
      version: 1,
      createdBy: 'other',
    });
    expect((await h.db.meta.get(MIRROR_STATE_KEY))?.value).toEqual({
      userId: 'u1',
      cursor: 4203,
      collections: ['excavators'],
    });
  });

  it('applies updates and tombstones after the cursor', async () => {
    h.server.createAsOther('a', excavator('A'));
    h.server.createAsOther('b', excavator('B'));
    await h.engine.pull();
    h.server.editAsOther('a', { location: 'Yard 5' });
    h.server.deleteAsOther('b');
    h.server.requests = [];
    await h.engine.pull();
    expect(pulls()[0]!.url).toBe('/api/sync/pull?cursor=2&limit=2000');
    expect(await h.db.excavators.get('a')).toMatchObject({ location: 'Yard 5', version: 2 });
    expect(await h.db.excavators.get('b')).toBeUndefined();
  });

  it('never overwrites a row with waiting changes, and never lets an older version replace a newer one', async () => {
    h.server.createAsOther('a', excavator('A'));
    h.server.createAsOther('b', excavator('B'));
    await h.engine.pull();
    await h.engine.updateRecord('excavators', 'a', { location: 'mine' });
    h.server.editAsOther('a', { notes: 'theirs' });
    h.server.deleteAsOther('b');
    await h.db.excavators.update('b', { version: 99 });
    await h.engine.pull();
    expect(await h.db.excavators.get('a')).toMatchObject({
      location: 'mine',
      notes: null,
      version: 1,
      _sync: 'pending',
    });
    expect(await h.db.excavators.get('b')).toMatchObject({ version: 99 });
    expect(await h.db.shadows.get(['excavators', 'a'])).toMatchObject({ version: 2, deleted: false });
  });

  it('on 410 drops the mirror (keeping rows with waiting changes) and mirrors again from cursor 0', async () => {
    h.server.createAsOther('a', excavator('A'));
    h.server.createAsOther('b', excavator('B'));
    h.server.createAsOther('c', excavator('C'));
    await h.engine.pull();
    await h.engine.updateRecord('excavators', 'c', { location: 'mine' });
    h.server.deleteAsOther('b');
    h.server.createAsOther('d', excavator('D'));
    h.server.purgeTombstones();
    h.server.createAsOther('e', excavator('E'));
    h.server.requests = [];
    expect(await h.engine.pull()).toMatchObject({ status: 'done' });
    expect(pulls().map((r) => r.url)).toEqual([
      '/api/sync/pull?cursor=3&limit=2000',
      '/api/sync/pull?cursor=0&limit=2000',
    ]);
    expect((await h.db.excavators.toArray()).map((r) => r.id).sort()).toEqual(['a', 'c', 'd', 'e']);
    expect(await h.db.excavators.get('c')).toMatchObject({ location: 'mine', _sync: 'pending' });
  });

  it('starts over for another user on the same device', async () => {
    h.server.createAsOther('a', excavator('A'));
    await h.engine.pull();
    await h.db.excavators.put({ id: 'stale', version: 1, name: 'gone' });
    h.signIn('u2');
    h.server.requests = [];
    await h.engine.pull();
    expect(pulls()[0]!.url).toBe('/api/sync/pull?cursor=0&limit=2000');
    expect((await h.db.excavators.toArray()).map((r) => r.id)).toEqual(['a']);
  });

  it('reports offline and 401 without touching the mirror', async () => {
    h.server.createAsOther('a', excavator('A'));
    await h.engine.pull();
    h.server.offline = true;
    expect(await h.engine.pull()).toEqual({ status: 'offline' });
    h.server.offline = false;
    h.server.expire(h.token!);
    expect(await h.engine.pull()).toEqual({ status: 'auth-required' });
    expect(h.engine.status.get().authRequired).toBe(true);
    expect(await h.db.excavators.count()).toBe(1);
  });
});

describe('pokes', () => {
  /**
   * Holds the next pull until `release()`. `snapshotFirst`: the server reads its rows before the hold
   * (writes made meanwhile are not in that answer), else after it.
   */
  async function holdNextPull(snapshotFirst: boolean) {
    const original = h.server.transport;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const pullStarted = new Promise<void>((resolve) => (started = resolve));
    let held = false;
    const gated = async (request: TransportRequest): Promise<TransportResponse> => {
      if (held || !request.url.startsWith('/api/sync/pull')) return original(request);
      held = true;
      started();
      if (snapshotFirst) {
        const answer = await original(request);
        await released;
        return answer;
      }
      await released;
      return original(request);
    };
    Object.defineProperty(h.server, 'transport', { value: gated });
    await h.reload();
    return { release, pullStarted };
  }

  it('skips the pull when the mirror is already at the poke’s cursor', async () => {
    h.server.createAsOther('a', excavator('A'));
    h.server.createAsOther('b', excavator('B'));
    await h.engine.pull();
    h.server.requests = [];
    expect(await h.engine.pullPoked(2)).toEqual({ status: 'up-to-date' });
    expect(await h.engine.pullPoked(1)).toEqual({ status: 'up-to-date' });
    expect(pulls()).toHaveLength(0);
    h.server.createAsOther('c', excavator('C'));
    expect(await h.engine.pullPoked(3)).toMatchObject({ status: 'done', changes: 1 });
    // A poke without a cursor cannot be judged: it pulls.
    expect(await h.engine.pullPoked()).toMatchObject({ status: 'done', changes: 0 });
    expect(pulls().map((r) => r.url)).toEqual([
      '/api/sync/pull?cursor=2&limit=2000',
      '/api/sync/pull?cursor=3&limit=2000',
    ]);
    expect(await h.db.excavators.count()).toBe(3);
  });

  it('a pull under way takes in the pokes arriving meanwhile, with no follow-up when it reached them', async () => {
    const { release, pullStarted } = await holdNextPull(false);
    const first = h.engine.pullPoked(1);
    await pullStarted;
    const later = [];
    for (const id of ['a', 'b', 'c']) {
      h.server.createAsOther(id, excavator(id));
      later.push(h.engine.pullPoked(h.server.seq));
    }
    release();
    await Promise.all([first, ...later]);
    expect(pulls().map((r) => r.url)).toEqual(['/api/sync/pull?cursor=0&limit=2000']);
    expect(await h.db.excavators.count()).toBe(3);
  });

  it('makes one follow-up pull for all the pokes a running pull could not see', async () => {
    const { release, pullStarted } = await holdNextPull(true);
    const first = h.engine.pullPoked(1);
    await pullStarted;
    const later = [];
    for (const id of ['a', 'b', 'c']) {
      h.server.createAsOther(id, excavator(id));
      later.push(h.engine.pullPoked(h.server.seq));
    }
    release();
    await Promise.all([first, ...later]);
    expect(pulls().map((r) => r.url)).toEqual([
      '/api/sync/pull?cursor=0&limit=2000',
      '/api/sync/pull?cursor=0&limit=2000',
    ]);
    expect(await h.db.excavators.count()).toBe(3);
  });
});
