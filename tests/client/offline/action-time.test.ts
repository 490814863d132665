import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServerClock, tellsServerTime, type OffsetStorage } from '@/client/offline/clock';
import type { TransportRequest } from '@/client/offline/transport';
import { OCCURRED_AT_HEADER } from '@/domain/action-time';
import type { SyncPushEntry } from '@/domain/sync';
import { FakeServer } from './fake-server';
import { createHarness, excavator, type Harness } from './harness';

const MINUTE = 60_000;

describe('the server clock', () => {
  const start = Date.parse('2026-11-26T18:00:00.000Z');

  function device() {
    const state = { wall: start, mono: 1_000 };
    const saved: number[] = [];
    const storage: OffsetStorage = { load: () => saved.at(-1) ?? null, save: (ms) => saved.push(ms) };
    return { state, saved, storage };
  }

  it('corrects the device clock by the offset the Date header shows', () => {
    const { state, storage } = device();
    const clock = createServerClock({ wallNow: () => state.wall, monoNow: () => state.mono, storage });
    expect(clock.now()).toBe(start);
    // The device runs 7 minutes behind the server; the answer came after 100 ms.
    clock.observe(new Date(start + 7 * MINUTE).toUTCString(), start - 100, start);
    expect(Math.abs(clock.offset() - 7 * MINUTE)).toBeLessThanOrEqual(600);
    expect(Math.abs(clock.now() - (start + 7 * MINUTE))).toBeLessThanOrEqual(600);
  });

  it('keeps counting from the last answer when the device clock is set back or forward', () => {
    const { state, storage } = device();
    const clock = createServerClock({ wallNow: () => state.wall, monoNow: () => state.mono, storage });
    clock.observe(new Date(start).toUTCString(), start - 100, start);
    const anchored = clock.now();
    // Ten minutes pass, and meanwhile someone sets the device's clock back a day.
    state.mono += 10 * MINUTE;
    state.wall += 10 * MINUTE - 86_400_000;
    expect(clock.now() - anchored).toBe(10 * MINUTE);
  });

  it('never goes back, even when a new answer moves the correction back', () => {
    const { state } = device();
    const clock = createServerClock({ wallNow: () => state.wall, monoNow: () => state.mono });
    clock.observe(new Date(start + 5_000).toUTCString(), start - 50, start);
    const before = clock.now();
    clock.observe(new Date(start).toUTCString(), start - 50, start);
    expect(clock.now()).toBeGreaterThanOrEqual(before);
  });

  it('keeps the correction across a reload until the next answer', () => {
    const { state, storage, saved } = device();
    const first = createServerClock({ wallNow: () => state.wall, monoNow: () => state.mono, storage });
    first.observe(new Date(start + 3 * MINUTE).toUTCString(), start - 100, start);
    expect(saved).toHaveLength(1);
    // A reload offline: a new page, a new forward-only clock, the same device storage.
    state.wall += MINUTE;
    state.mono = 5;
    const reloaded = createServerClock({ wallNow: () => state.wall, monoNow: () => state.mono, storage });
    expect(Math.abs(reloaded.now() - (start + 4 * MINUTE))).toBeLessThanOrEqual(600);
  });

  it('learns only from answers no cache can have given', () => {
    expect(tellsServerTime('POST', '/api/reports')).toBe(true);
    expect(tellsServerTime('GET', '/api/sync?cursor=4')).toBe(true);
    expect(tellsServerTime('GET', '/api/health')).toBe(true);
    expect(tellsServerTime('GET', '/api/settings')).toBe(false);
  });
});

describe('outbox entries', () => {
  let h: Harness;
  /** How far the server's clock is ahead of the device's. */
  const AHEAD = 3 * MINUTE;

  beforeEach(() => {
    const server = new FakeServer();
    const inner = server.transport;
    // The server answers with its own Date header, as Fastify does.
    const transport = async (request: TransportRequest) => {
      const response = await inner(request);
      const date = new Date(h.clock.now + AHEAD).toUTCString();
      return {
        ...response,
        headers: {
          get: (name: string) => (name.toLowerCase() === 'date' ? date : response.headers.get(name)),
        },
      };
    };
    Object.assign(server, { transport });
    h = createHarness({ server });
  });
  afterEach(async () => {
    await h.dispose();
  });

  const pushed = (): SyncPushEntry[] =>
    h.server.requests
      .filter((r) => r.url === '/api/sync/push')
      .flatMap((r) => (JSON.parse(r.body as string) as { entries: SyncPushEntry[] }).entries);

  it('carry the time they were made, corrected to the server clock, when sent ten minutes later', async () => {
    // Online once: the pull's answer shows the device's clock runs behind.
    await h.engine.pull();
    h.server.offline = true;
    const madeAt = h.clock.now;
    const created = await h.engine.createRecord('excavators', excavator('A'));
    h.clock.now += 2 * MINUTE;
    await h.engine.updateRecord('excavators', created.id, { location: 'Yard 4' });

    h.clock.now += 10 * MINUTE;
    h.server.offline = false;
    const result = await h.engine.replay();
    expect(result).toMatchObject({ status: 'done', sent: 2 });
    const [create, update] = pushed();
    const near = (iso: string | undefined, expected: number) =>
      expect(Math.abs(Date.parse(iso ?? '') - expected)).toBeLessThanOrEqual(600);
    near(create?.occurredAt, madeAt + AHEAD);
    near(update?.occurredAt, madeAt + 2 * MINUTE + AHEAD);
  });

  it('send the time as X-Occurred-At when they go one by one', async () => {
    h.server.batches = false;
    await h.engine.pull();
    const madeAt = h.clock.now;
    await h.engine.createRecord('excavators', excavator('B'));
    h.clock.now += 10 * MINUTE;
    await h.engine.replay();
    const post = h.server.requests.find((r) => r.method === 'POST' && r.url === '/api/excavators');
    const sent = post?.headers[OCCURRED_AT_HEADER];
    expect(Math.abs(Date.parse(sent ?? '') - (madeAt + AHEAD))).toBeLessThanOrEqual(600);
  });
});
