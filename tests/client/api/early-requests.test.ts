import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, setStoredToken } from '@/client/api/client';
import { restoreSession, sessionStore } from '@/client/lib/session/session-store';
import { loadSettings, settingsStore } from '@/client/lib/session/settings-store';
import { EARLY_REQUESTS, EARLY_REQUESTS_GLOBAL } from '@/domain/early-requests';
import {
  SESSION_PRELOAD_LIST_ID,
  SESSION_PRELOAD_SCRIPT,
  SESSION_PRELOAD_SCRIPTS,
  type PreloadLists,
} from '@/domain/session-preload';
import { makeSettings, makeUser, resetClientState } from '../support/render';

const admin = makeUser('admin');
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Every request, as `[path, token]`, answered by `answer`. */
function stubServer(answer: (path: string) => Response | Promise<Response>) {
  const calls: Array<[string, string | null]> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      calls.push([url, headers.get('x-auth-token')]);
      return Promise.resolve(answer(url));
    }),
  );
  return calls;
}

/** Runs the page's inline script as the browser does, against an empty pair of link lists. */
function runPageScript(script: string = SESSION_PRELOAD_SCRIPT) {
  const lists: PreloadLists = { session: [], signIn: [] };
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = SESSION_PRELOAD_LIST_ID;
  block.textContent = JSON.stringify(lists);
  document.head.appendChild(block);
  // The script as the page carries it; `Function` stands in for the parser running it.
  new Function(script)();
  block.remove();
}

const early = () => (globalThis as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL];

beforeEach(() => {
  resetClientState();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  delete (globalThis as Record<string, unknown>)[EARLY_REQUESTS_GLOBAL];
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the page's early requests", () => {
  it('asks for the user and the settings with the stored token while the page parses, and the start takes those answers', async () => {
    setStoredToken('tok-1');
    const calls = stubServer((url) =>
      url === '/api/auth/me' ? json(admin) : url === '/api/settings' ? json(makeSettings()) : json({}, 404),
    );
    runPageScript();
    expect(EARLY_REQUESTS).toEqual(['/auth/me', '/settings']);
    expect(calls).toEqual([
      ['/api/auth/me', 'tok-1'],
      ['/api/settings', 'tok-1'],
    ]);

    await restoreSession();
    await loadSettings();
    // Nothing asked twice: the session and the settings came from the page's own requests.
    expect(calls).toHaveLength(2);
    expect(sessionStore.get()).toMatchObject({ status: 'signed-in', user: { id: admin.id } });
    expect(settingsStore.get()).toMatchObject({ status: 'ready', settings: makeSettings() });

    // Taken once: later calls ask the server again.
    await apiFetch('/auth/me');
    await loadSettings();
    expect(calls.slice(2)).toEqual([
      ['/api/auth/me', 'tok-1'],
      ['/api/settings', 'tok-1'],
    ]);
  });

  it('still runs the previous script, which asks for the user alone: the app then asks for the settings itself', async () => {
    setStoredToken('tok-1');
    const calls = stubServer((url) =>
      url === '/api/auth/me' ? json(admin) : url === '/api/settings' ? json(makeSettings()) : json({}, 404),
    );
    // A page a service worker stored from the previous build carries the previous text, which the
    // server's policy still allows.
    const previous = SESSION_PRELOAD_SCRIPTS.find((script) => script.includes('["/auth/me"]'));
    expect(previous).toBeDefined();
    runPageScript(previous);
    expect(calls).toEqual([['/api/auth/me', 'tok-1']]);
    await restoreSession();
    await loadSettings();
    expect(calls).toEqual([
      ['/api/auth/me', 'tok-1'],
      ['/api/settings', 'tok-1'],
    ]);
    expect(settingsStore.get().status).toBe('ready');
  });

  it('makes no request without a stored token', () => {
    const calls = stubServer(() => json({}));
    runPageScript();
    expect(calls).toEqual([]);
    expect(early()).toBeUndefined();
  });

  it("drops an answer asked for with another session's token and asks again", async () => {
    setStoredToken('old');
    const calls = stubServer(() => json(admin));
    runPageScript();
    setStoredToken('new');
    await apiFetch('/auth/me');
    expect(calls.slice(-1)).toEqual([['/api/auth/me', 'new']]);
  });

  it('reads an early refusal and an early network failure as its own', async () => {
    setStoredToken('tok-1');
    let answer: () => Promise<Response> = () => Promise.resolve(json({ message: 'expired' }, 401));
    const calls = stubServer(() => answer());
    runPageScript();
    await expect(apiFetch('/auth/me')).rejects.toMatchObject({ status: 401, message: 'expired' });
    answer = () => Promise.reject(new TypeError('offline'));
    runPageScript();
    const failure = await apiFetch('/auth/me').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ isNetworkError: true });
    // Two runs of the script, each asking for the user and the settings; nothing asked again.
    expect(calls).toHaveLength(4);
  });

  it('is not taken by a call that could differ from it (its own signal or headers)', async () => {
    setStoredToken('tok-1');
    const calls = stubServer(() => json(admin));
    runPageScript();
    await apiFetch('/auth/me', { signal: new AbortController().signal });
    await apiFetch('/auth/me', { headers: { 'x-extra': '1' } });
    expect(calls.filter(([url]) => url === '/api/auth/me')).toHaveLength(3);
    expect(early()).toHaveProperty(['/auth/me']);
  });
});
