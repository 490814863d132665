import { describe, expect, it, vi } from 'vitest';
import { SW_MESSAGE } from '@/domain/service-worker';
import {
  focusOrOpenWindow,
  isCacheableApiRequest,
  NAVIGATION_DENYLIST,
  parsePushPayload,
  postToWindows,
  requestUserKey,
  userScopedCacheKey,
} from '../../../sw/handlers';

const ORIGIN = 'https://fleet.example';

function pushData(body: string) {
  return { json: () => JSON.parse(body) as unknown, text: () => body };
}

interface FakeWindow {
  focused: boolean;
  visibilityState: 'visible' | 'hidden';
  url: string;
  messages: unknown[];
  focus: () => Promise<FakeWindow>;
  postMessage: (message: unknown) => void;
}

function fakeWindow(options: Partial<Pick<FakeWindow, 'focused' | 'visibilityState'>> = {}): FakeWindow {
  const client: FakeWindow = {
    focused: options.focused ?? false,
    visibilityState: options.visibilityState ?? 'hidden',
    url: `${ORIGIN}/`,
    messages: [],
    focus: vi.fn(async () => client),
    postMessage: (message) => client.messages.push(message),
  };
  return client;
}

function fakeClients(windows: FakeWindow[]) {
  return {
    matchAll: vi.fn(async () => windows),
    openWindow: vi.fn(async () => null),
    claim: vi.fn(),
    get: vi.fn(),
  } as unknown as Clients & { openWindow: ReturnType<typeof vi.fn>; matchAll: ReturnType<typeof vi.fn> };
}

describe('push payloads', () => {
  it('reads title, message and a same-origin link', () => {
    const content = parsePushPayload(
      pushData(
        JSON.stringify({
          title: 'Report approved',
          message: 'R-12 was approved',
          link: '/reports?id=12',
          _id: 'n1',
        }),
      ),
      ORIGIN,
      'FleetPilot',
    );
    expect(content).toEqual({
      title: 'Report approved',
      body: 'R-12 was approved',
      url: '/reports?id=12',
      tag: 'n1',
    });
  });

  it('accepts body instead of message and absolute links of the same origin', () => {
    const content = parsePushPayload(
      pushData(JSON.stringify({ title: 'T', body: 'B', link: `${ORIGIN}/inventory#low` })),
      ORIGIN,
      'FleetPilot',
    );
    expect(content.body).toBe('B');
    expect(content.url).toBe('/inventory#low');
  });

  it('never sends the user to another origin and falls back to the notification list', () => {
    const content = parsePushPayload(
      pushData(JSON.stringify({ title: 'T', message: 'M', link: 'https://evil.example/phish' })),
      ORIGIN,
      'FleetPilot',
    );
    expect(content.url).toBe('/notifications');
  });

  it('shows plain text payloads under the app name', () => {
    const content = parsePushPayload(pushData('Server restarted'), ORIGIN, 'FleetPilot');
    expect(content).toMatchObject({ title: 'FleetPilot', body: 'Server restarted', url: '/notifications' });
    expect(parsePushPayload(null, ORIGIN, 'FleetPilot').title).toBe('FleetPilot');
  });
});

describe('notification click', () => {
  it('focuses the focused window and posts NAVIGATE to it', async () => {
    const background = fakeWindow();
    const front = fakeWindow({ focused: true, visibilityState: 'visible' });
    const clients = fakeClients([background, front]);
    await focusOrOpenWindow(clients, ORIGIN, '/reports');
    expect(front.focus).toHaveBeenCalled();
    expect(front.messages).toEqual([{ type: SW_MESSAGE.navigate, url: '/reports' }]);
    expect(background.messages).toEqual([]);
    expect(clients.openWindow).not.toHaveBeenCalled();
    expect(clients.matchAll).toHaveBeenCalledWith({ type: 'window', includeUncontrolled: true });
  });

  it('still posts NAVIGATE when the browser refuses focus', async () => {
    const only = fakeWindow();
    only.focus = vi.fn(async () => Promise.reject(new Error('not allowed')));
    await focusOrOpenWindow(fakeClients([only]), ORIGIN, `${ORIGIN}/betriebstagebuch`);
    expect(only.messages).toEqual([{ type: SW_MESSAGE.navigate, url: '/betriebstagebuch' }]);
  });

  it('opens a window at the link when none is open', async () => {
    const clients = fakeClients([]);
    await focusOrOpenWindow(clients, ORIGIN, '/notifications?unread=1');
    expect(clients.openWindow).toHaveBeenCalledWith('/notifications?unread=1');
  });

  it('replaces a foreign or missing link by the notification list', async () => {
    const clients = fakeClients([]);
    await focusOrOpenWindow(clients, ORIGIN, 'https://elsewhere.example/');
    await focusOrOpenWindow(clients, ORIGIN, undefined);
    expect(clients.openWindow.mock.calls).toEqual([['/notifications'], ['/notifications']]);
  });
});

describe('background sync', () => {
  it('asks every open window to replay the outbox and reports how many there were', async () => {
    const a = fakeWindow();
    const b = fakeWindow();
    const count = await postToWindows(fakeClients([a, b]), { type: SW_MESSAGE.replayOutbox, tag: 'outbox' });
    expect(count).toBe(2);
    expect(a.messages).toEqual([{ type: 'REPLAY_OUTBOX', tag: 'outbox' }]);
    expect(b.messages).toEqual([{ type: 'REPLAY_OUTBOX', tag: 'outbox' }]);
    expect(await postToWindows(fakeClients([]), { type: SW_MESSAGE.replayOutbox, tag: 'outbox' })).toBe(0);
  });
});

describe('runtime caching rules', () => {
  const cacheable = (path: string, method = 'GET') =>
    isCacheableApiRequest(new URL(path, ORIGIN), method, ORIGIN);

  it('serves non-mirrored API reads network-first', () => {
    expect(cacheable('/api/settings')).toBe(true);
    expect(cacheable('/api/notifications?onlyUnread=true')).toBe(true);
    expect(cacheable('/api/profile')).toBe(true);
    expect(cacheable('/api/betriebstagebuch-config')).toBe(true);
  });

  it('never caches sign-in, sync, mirrored collections, PDFs, health, backups or writes', () => {
    expect(cacheable('/api/auth/me')).toBe(false);
    expect(cacheable('/api/auth/login', 'POST')).toBe(false);
    expect(cacheable('/api/sync/pull?cursor=0')).toBe(false);
    expect(cacheable('/api/excavators?page=1')).toBe(false);
    expect(cacheable('/api/reports/excavator/1')).toBe(false);
    expect(cacheable('/api/inventory')).toBe(false);
    expect(cacheable('/api/betriebstagebuch/5')).toBe(false);
    expect(cacheable('/api/analytics/pdf')).toBe(false);
    expect(cacheable('/api/health')).toBe(false);
    expect(cacheable('/api/backups')).toBe(false);
    expect(cacheable('/api/backups/download?ticket=abc')).toBe(false);
    expect(cacheable('/api/settings', 'PUT')).toBe(false);
    expect(cacheable('/uploads/a.png')).toBe(false);
    expect(isCacheableApiRequest(new URL('https://other.example/api/settings'), 'GET', ORIGIN)).toBe(false);
  });

  it('leaves server paths out of the single-page navigation fallback', () => {
    const denied = (path: string) => NAVIGATION_DENYLIST.some((pattern) => pattern.test(path));
    expect(denied('/api/docs')).toBe(true);
    expect(denied('/api')).toBe(true);
    expect(denied('/uploads/profiles/a.png')).toBe(true);
    expect(denied('/socket.io/?EIO=4')).toBe(true);
    expect(denied('/reports')).toBe(false);
    expect(denied('/apiary')).toBe(false);
    expect(denied('/dispo/assignments/1')).toBe(false);
  });
});

describe('user-scoped API cache keys', () => {
  const token = (sub: string) =>
    `h.${btoa(JSON.stringify({ sub, exp: 1 }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_')}.sig`;

  it('keys cached answers by the signed-in user from either header', () => {
    expect(requestUserKey(new Headers({ 'x-auth-token': token('user-a') }))).toBe('user-a');
    expect(requestUserKey(new Headers({ authorization: `Bearer ${token('user-b')}` }))).toBe('user-b');
    expect(requestUserKey(new Headers())).toBe('anonymous');
    expect(requestUserKey(new Headers({ 'x-auth-token': 'garbage' }))).toBe('anonymous');
  });

  it('gives two users different keys for the same URL', () => {
    const a = userScopedCacheKey(
      new Request(`${ORIGIN}/api/notifications?onlyUnread=true`, { headers: { 'x-auth-token': token('a') } }),
    );
    const b = userScopedCacheKey(
      new Request(`${ORIGIN}/api/notifications?onlyUnread=true`, { headers: { 'x-auth-token': token('b') } }),
    );
    expect(a).not.toBe(b);
    expect(new URL(a).searchParams.get('onlyUnread')).toBe('true');
  });
});
