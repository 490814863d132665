import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, getStoredToken, setStoredToken } from '@/client/api/client';
import { uploadUrl } from '@/client/api/uploads';
import { POST_LOGIN_EVENT } from '@/client/lib/session/events';
import { safeRedirect } from '@/client/shell/session/redirect';
import {
  restoreSession,
  sessionStore,
  signIn,
  signOut,
  USER_CACHE_KEY,
  whenSessionReady,
} from '@/client/lib/session/session-store';
import {
  loadSettings,
  settingsStore,
  SETTINGS_SOURCE_KEY,
  settingsView,
  showSettings,
  useSettings,
  useSettingsSection,
} from '@/client/lib/session/settings-store';
import { DEFAULT_SETTINGS } from '@/domain/settings';
import { makeSettings, makeUser, resetClientState } from '../../support/render';

const admin = makeUser('admin');

// Each yield of a step-by-step reading resolves at once, or, with `held` set, when the test says so.
const yields = vi.hoisted(() => ({ held: null as Array<() => void> | null }));
vi.mock('@/client/lib/yield-to-main', () => ({
  yieldToMain: () =>
    yields.held ? new Promise<void>((resolve) => yields.held!.push(resolve)) : Promise.resolve(),
}));

function stubFetch(handler: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const mock = vi.fn(handler);
  vi.stubGlobal('fetch', mock);
  return mock;
}

beforeEach(() => {
  resetClientState();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('api client', () => {
  it('sends JSON with the stored token in x-auth-token under /api', async () => {
    setStoredToken('abc');
    const fetchMock = stubFetch(async () => Response.json({ ok: true }));
    await expect(apiFetch('/things', { method: 'POST', body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/things');
    expect(init.headers).toMatchObject({ 'x-auth-token': 'abc', 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"a":1}');
  });

  it('maps error bodies to ApiError and logs status and status text', async () => {
    stubFetch(
      async () =>
        new Response(
          JSON.stringify({ message: 'Name is required', code: 'VALIDATION_FAILED', details: { name: 'x' } }),
          {
            status: 400,
            statusText: 'Bad Request',
          },
        ),
    );
    const error = await apiFetch('/inventory').catch((cause: unknown) => cause);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Name is required',
      details: { name: 'x' },
    });
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('400 Bad Request'));
  });

  it('reports a failed connection as NETWORK_ERROR', async () => {
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await apiFetch('/auth/me').catch((cause: unknown) => cause);
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR', isNetworkError: true });
  });

  it('refuses a path that already carries the /api base instead of asking for /api/api/…', async () => {
    const fetchMock = stubFetch(async () => Response.json({}));
    await expect(apiFetch('/api/checklist-config')).rejects.toThrow(/below \/api/);
    await expect(apiFetch('/api')).rejects.toThrow(/below \/api/);
    await expect(apiFetch('/apiary')).resolves.toEqual({});
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/apiary']);
  });
});

describe('session', () => {
  it('is anonymous without a stored token', async () => {
    await restoreSession();
    expect(sessionStore.get()).toEqual({ status: 'anonymous', user: null });
  });

  it('loads the user from /auth/me when a token is stored', async () => {
    setStoredToken('t1');
    stubFetch(async () => Response.json(admin));
    const ready = restoreSession();
    expect(sessionStore.get().status).toBe('restoring');
    await whenSessionReady();
    await ready;
    expect(sessionStore.get()).toEqual({ status: 'signed-in', user: admin });
    expect(JSON.parse(localStorage.getItem(USER_CACHE_KEY)!)).toEqual(admin);
  });

  it('ends the session on a 401', async () => {
    setStoredToken('expired');
    localStorage.setItem(USER_CACHE_KEY, JSON.stringify(admin));
    stubFetch(async () => Response.json({ message: 'expired', code: 'UNAUTHENTICATED' }, { status: 401 }));
    await restoreSession();
    expect(sessionStore.get().user).toEqual(admin);
    await vi.waitFor(() => expect(sessionStore.get()).toEqual({ status: 'anonymous', user: null }));
    expect(getStoredToken()).toBeNull();
    expect(localStorage.getItem(USER_CACHE_KEY)).toBeNull();
  });

  it('keeps the cached user when the start is offline', async () => {
    setStoredToken('t1');
    localStorage.setItem(USER_CACHE_KEY, JSON.stringify(admin));
    const fetchMock = stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await restoreSession();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sessionStore.get()).toEqual({ status: 'signed-in', user: admin });
    expect(getStoredToken()).toBe('t1');
  });

  it('keeps the cached user when /auth/me confirms it, and shows a changed one', async () => {
    setStoredToken('t1');
    localStorage.setItem(USER_CACHE_KEY, JSON.stringify(admin));
    const fetchMock = stubFetch(async () => Response.json(admin));
    const changes = vi.fn();
    const stop = sessionStore.subscribe(changes);
    await restoreSession();
    const cached = sessionStore.get().user;
    changes.mockClear();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(changes).not.toHaveBeenCalled();
    expect(sessionStore.get().user).toBe(cached);

    stubFetch(async () => Response.json({ ...admin, name: 'Renamed' }));
    await restoreSession();
    await vi.waitFor(() => expect(sessionStore.get().user?.name).toBe('Renamed'));
    expect(JSON.parse(localStorage.getItem(USER_CACHE_KEY)!).name).toBe('Renamed');
    stop();
  });

  it('keeps the session on server errors other than 401', async () => {
    setStoredToken('t1');
    localStorage.setItem(USER_CACHE_KEY, JSON.stringify(admin));
    stubFetch(async () => Response.json({ message: 'down', code: 'INTERNAL' }, { status: 503 }));
    await restoreSession();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(sessionStore.get().user).toEqual(admin);
  });

  it('stores token and user on sign-in and broadcasts the post-login event; logout clears', async () => {
    stubFetch(async () => Response.json({ token: 'fresh', user: admin }));
    const events: unknown[] = [];
    const listener = (event: Event) => events.push((event as CustomEvent).detail);
    window.addEventListener(POST_LOGIN_EVENT, listener);
    await signIn('admin', 'pw');
    window.removeEventListener(POST_LOGIN_EVENT, listener);
    expect(getStoredToken()).toBe('fresh');
    expect(sessionStore.get()).toEqual({ status: 'signed-in', user: admin });
    expect(events).toEqual([{ user: admin }]);

    signOut();
    expect(getStoredToken()).toBeNull();
    expect(sessionStore.get()).toEqual({ status: 'anonymous', user: null });
  });

  it('only returns to paths of this app after sign-in', () => {
    expect(safeRedirect('/reports?page=2#top')).toBe('/reports?page=2#top');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
    expect(safeRedirect(undefined)).toBe('/');
  });
});

describe('settings store', () => {
  it('loads settings, filling gaps with defaults, and caches them', async () => {
    stubFetch(async () => Response.json({ app: { name: 'Site North' }, features: { analytics: false } }));
    expect(settingsView(settingsStore.get()).loading).toBe(true);
    await loadSettings();
    const view = settingsView(settingsStore.get());
    expect(view.loading).toBe(false);
    expect(view.settings.app).toEqual({
      name: 'Site North',
      version: '2.0.0',
      defaultLanguage: 'de',
      timeZone: 'Europe/Berlin',
    });
    expect(view.settings.features).toMatchObject({ analytics: false, inventory: true });
    expect(JSON.parse(localStorage.getItem('fleetpilot:settings')!).app.name).toBe('Site North');
  });

  it('reads an answer in tasks of its own: the time zone alone, then one per section', async () => {
    yields.held = [];
    try {
      stubFetch(async () => Response.json({ app: { name: 'Site North', timeZone: 'Europe/Vienna' } }));
      let read = false;
      const loading = loadSettings().then(() => (read = true));
      let tasks = 0;
      while (!read) {
        await vi.waitFor(() => expect(read || yields.held!.length > 0).toBe(true));
        if (read) break;
        // Between the steps nothing is shown yet.
        expect(settingsStore.get().status).toBe('loading');
        yields.held!.shift()!();
        tasks++;
      }
      await loading;
      expect(tasks).toBe(1 + Object.keys(DEFAULT_SETTINGS).length);
      expect(settingsStore.get().settings?.app).toMatchObject({
        name: 'Site North',
        timeZone: 'Europe/Vienna',
      });
    } finally {
      yields.held = null;
    }
  });

  it("records the server's message on failure, or '' for the generic text", async () => {
    stubFetch(async () =>
      Response.json({ message: 'Database unavailable', code: 'INTERNAL' }, { status: 500 }),
    );
    await loadSettings();
    expect(settingsStore.get().error).toBe('Database unavailable');

    resetClientState();
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await loadSettings();
    expect(settingsStore.get().error).toBe('');
    expect(settingsView(settingsStore.get()).loading).toBe(false);
  });

  it('starts from the settings the device cached in its last session', async () => {
    localStorage.setItem(
      'fleetpilot:settings',
      JSON.stringify(makeSettings({ inventory: false }, { name: 'Site North' })),
    );
    vi.resetModules();
    const fresh = await import('@/client/lib/session/settings-store');
    const view = fresh.settingsView(fresh.settingsStore.get());
    expect(view.loading).toBe(false);
    expect(view.settings.app.name).toBe('Site North');
    expect(view.settings.features.inventory).toBe(false);
  });

  it('uses the settings this build cached from an answer as they are, and checks those of another build', async () => {
    const answer = makeSettings({ inventory: false }, { name: 'Site North' });
    stubFetch(async () => Response.json(answer));
    await loadSettings();
    const source = localStorage.getItem(SETTINGS_SOURCE_KEY);
    expect(source).toMatch(/\n[0-9a-f]{32}$/);
    // The cache as this build stored it is used without the schema: a zone it would refuse shows.
    const cached = { ...answer, app: { ...answer.app, timeZone: 'Not/AZone' } };
    localStorage.setItem('fleetpilot:settings', JSON.stringify(cached));
    vi.resetModules();
    let fresh = await import('@/client/lib/session/settings-store');
    expect(fresh.settingsStore.get().settings?.app.timeZone).toBe('Not/AZone');

    // Another build's cache is checked: the section that does not fit falls back to its defaults.
    localStorage.setItem(SETTINGS_SOURCE_KEY, source!.replace(/^[^\n]*/, 'https://old.example/router-x.js'));
    vi.resetModules();
    fresh = await import('@/client/lib/session/settings-store');
    expect(fresh.settingsStore.get().settings?.app).toMatchObject({
      timeZone: 'Europe/Berlin',
      name: 'FleetPilot',
    });
    expect(fresh.settingsStore.get().settings?.features.inventory).toBe(false);
  });

  it('leaves the cached settings alone when the start brings the answer they came from', async () => {
    const answer = makeSettings({ inventory: false }, { name: 'Site North' });
    stubFetch(async () => Response.json(answer));
    await loadSettings();
    vi.resetModules();
    const fresh = await import('@/client/lib/session/settings-store');
    const started = fresh.settingsStore.get().settings;
    const writes = vi.spyOn(Storage.prototype, 'setItem');
    await fresh.loadSettings();
    expect(writes).not.toHaveBeenCalled();
    expect(fresh.settingsStore.get()).toMatchObject({ status: 'ready', error: null });
    expect(fresh.settingsStore.get().settings).toBe(started);

    // Another answer is read, shown and stored with its own source.
    const before = localStorage.getItem(SETTINGS_SOURCE_KEY);
    stubFetch(async () => Response.json({ ...answer, features: { ...answer.features, inventory: true } }));
    await fresh.loadSettings();
    expect(fresh.settingsStore.get().settings?.features.inventory).toBe(true);
    expect(JSON.parse(localStorage.getItem('fleetpilot:settings')!).features.inventory).toBe(true);
    expect(localStorage.getItem(SETTINGS_SOURCE_KEY)).not.toBe(before);
  });

  it('checks settings saved on this device at the next start, and shows the server once it answers', async () => {
    const answer = makeSettings({ inventory: false });
    stubFetch(async () => Response.json(answer));
    await loadSettings();
    showSettings(makeSettings({ inventory: true }));
    expect(localStorage.getItem(SETTINGS_SOURCE_KEY)).toBeNull();
    expect(JSON.parse(localStorage.getItem('fleetpilot:settings')!).features.inventory).toBe(true);

    // The same answer as before the change is not taken for what is shown: the server said otherwise.
    await loadSettings();
    expect(settingsStore.get().settings?.features.inventory).toBe(false);
    expect(localStorage.getItem(SETTINGS_SOURCE_KEY)).not.toBeNull();
  });

  it('renders nothing again when the answer confirms the settings the device has', async () => {
    const known = makeSettings({ inventory: false });
    settingsStore.set({ status: 'idle', settings: known, error: null });
    stubFetch(async () => Response.json(known));
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useSettings();
    });
    const before = result.current;
    await act(() => loadSettings());
    expect(settingsStore.get()).toMatchObject({ status: 'ready', settings: known });
    expect(result.current).toBe(before);
    expect(renders).toBe(1);

    // A changed answer is shown.
    stubFetch(async () => Response.json({ ...known, features: { ...known.features, inventory: true } }));
    await act(() => loadSettings());
    expect(result.current.settings.features.inventory).toBe(true);
    expect(renders).toBe(2);
  });

  it('renders what shows a section again only when that section changed', async () => {
    // A first visit: nothing known, the shell shows the defaults until the answer arrives.
    stubFetch(async () => Response.json(makeSettings({}, { name: 'Site North' })));
    const renders = { app: 0, features: 0 };
    const app = renderHook(() => {
      renders.app += 1;
      return useSettingsSection('app');
    });
    const features = renderHook(() => {
      renders.features += 1;
      return useSettingsSection('features');
    });
    const defaultFeatures = features.result.current;
    await act(() => loadSettings());
    expect(app.result.current.name).toBe('Site North');
    expect(renders.app).toBe(2);
    expect(features.result.current).toBe(defaultFeatures);
    expect(renders.features).toBe(1);

    stubFetch(async () => Response.json(makeSettings({ inventory: false }, { name: 'Site North' })));
    await act(() => loadSettings());
    expect(features.result.current.inventory).toBe(false);
    expect(renders).toEqual({ app: 2, features: 2 });
  });

  it('keeps known settings quietly when offline', async () => {
    settingsStore.set({ status: 'ready', settings: makeSettings({ inventory: false }), error: null });
    stubFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await loadSettings();
    expect(settingsStore.get()).toMatchObject({ status: 'ready', error: null });
    expect(settingsStore.get().settings?.features.inventory).toBe(false);
  });
});

describe('upload URLs', () => {
  it('strips leading slashes and uploads/ prefixes and keeps absolute URLs', () => {
    const origin = 'https://fleet.example';
    expect(uploadUrl('profile/a.png', origin)).toBe('https://fleet.example/uploads/profile/a.png');
    expect(uploadUrl('/uploads/profile/a.png', origin)).toBe('https://fleet.example/uploads/profile/a.png');
    expect(uploadUrl('//uploads/uploads/x.jpg', origin)).toBe('https://fleet.example/uploads/x.jpg');
    expect(uploadUrl('/uploads//uploads/x.jpg', origin)).toBe('https://fleet.example/uploads/x.jpg');
    expect(uploadUrl('https://cdn.example/x.jpg', origin)).toBe('https://cdn.example/x.jpg');
    expect(uploadUrl('data:image/png;base64,AAAA', origin)).toBe('data:image/png;base64,AAAA');
    expect(uploadUrl(null, origin)).toBeNull();
    expect(uploadUrl('', origin)).toBeNull();
  });
});
