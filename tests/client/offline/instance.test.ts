import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setStoredToken } from '@/client/api/client';
import { getSyncEngine, META_KEYS, startOfflineEngine } from '@/client/offline/instance';
import { getRealtimeSocket } from '@/client/offline/realtime';
import { POST_LOGIN_EVENT } from '@/client/lib/session/events';
import { sessionStore } from '@/client/lib/session/session-store';
import { settingsStore } from '@/client/lib/session/settings-store';
import { makeSettings, makeUser, resetClientState } from '../support/render';
import { FakeServer } from './fake-server';
import { excavator } from './harness';

/** Waits for the engine's background work (slow on a busy machine). */
const eventually = <T>(check: () => T | Promise<T>) => vi.waitFor(check, { timeout: 5000, interval: 20 });

// No real socket in a unit test: a stand-in that records listeners and never connects.
vi.mock('socket.io-client', () => {
  const anyListeners: Array<(event: string, ...args: unknown[]) => void> = [];
  const socket = {
    connected: false,
    active: false,
    on: () => socket,
    onAny: (listener: (event: string, ...args: unknown[]) => void) => anyListeners.push(listener),
    listenersAny: () => anyListeners,
    connect: () => {
      socket.active = true;
    },
    disconnect: () => {
      socket.active = false;
    },
  };
  return { io: () => socket };
});

let server: FakeServer;
let stop: () => void;

/** The browser's fetch, answered by the in-process server model. */
function serveFetch(fake: FakeServer) {
  return async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const answer = await fake.transport({
      method: (init.method ?? 'GET') as 'GET',
      url: String(input),
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>)),
      body: init.body as string | undefined,
    });
    const headers = new Headers();
    for (const name of ['idempotent-replayed', 'retry-after']) {
      const value = answer.headers.get(name);
      if (value) headers.set(name, value);
    }
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers,
    });
  };
}

beforeEach(() => {
  resetClientState();
  server = new FakeServer();
  const user = makeUser('operator');
  setStoredToken(server.signIn(user.id));
  vi.stubGlobal('fetch', serveFetch(server));
  server.createAsOther('a', excavator('A'));
  sessionStore.set({ status: 'signed-in', user });
  stop = startOfflineEngine();
});

afterEach(async () => {
  stop();
  // Requests still in flight after a test reach this test's server, offline now, never the network.
  server.offline = true;
  await eventually(() => expect(engine().status.get()).toMatchObject({ replaying: false, pulling: false }));
  await getSyncEngine().db.outbox.clear();
});

afterAll(() => vi.unstubAllGlobals());

const engine = () => getSyncEngine();

describe('the app wiring of the offline engine', () => {
  it('mirrors at start and caches the user in meta', async () => {
    await eventually(async () => expect(await engine().db.excavators.get('a')).toMatchObject({ name: 'A' }));
    expect((await engine().db.meta.get(META_KEYS.user))?.value).toMatchObject({ id: 'user-operator' });
  });

  it('replays when the browser comes online and pulls on a sync poke', async () => {
    await eventually(async () => expect(await engine().db.excavators.get('a')).toBeDefined());
    server.offline = true;
    const row = await engine().createRecord('excavators', excavator('Offline'));
    await eventually(() => expect(engine().status.get().replaying).toBe(false));
    expect(server.rows.get(row.id)).toBeUndefined();

    server.offline = false;
    window.dispatchEvent(new Event('online'));
    await eventually(() => expect(server.rows.get(row.id)).toBeDefined());

    server.createAsOther('b', excavator('B'));
    getRealtimeSocket()
      .listenersAny()
      .forEach((listener) => listener('sync', { collections: ['excavators'] }));
    await eventually(async () => expect(await engine().db.excavators.get('b')).toBeDefined());
  });

  it('resumes a paused outbox when the user signs in again', async () => {
    await eventually(async () => expect(await engine().db.excavators.get('a')).toBeDefined());
    server.tokens.clear();
    const row = await engine().createRecord('excavators', excavator('Later'));
    await eventually(() => expect(engine().status.get().authRequired).toBe(true));
    setStoredToken(server.signIn('user-operator'));
    window.dispatchEvent(new CustomEvent(POST_LOGIN_EVENT));
    await eventually(() => expect(server.rows.get(row.id)).toBeDefined());
    expect(engine().status.get().authRequired).toBe(false);
  });

  it('caches the settings for offline use', async () => {
    settingsStore.set({ status: 'ready', settings: makeSettings({ inventory: false }), error: null });
    await eventually(async () =>
      expect((await engine().db.meta.get(META_KEYS.settings))?.value).toMatchObject({
        features: { inventory: false },
      }),
    );
  });
});
