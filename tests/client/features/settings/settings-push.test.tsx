import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Settings } from '@/domain/settings';
import { makeSettings, makeUser, renderApp, resetClientState } from '../../support/render';

/**
 * The socket is replaced by a stand-in that records subscriptions, so the test can deliver the
 * server's `settings` event (src/server/plugins/realtime.ts) to the shell.
 */
const { listeners } = vi.hoisted(() => ({ listeners: new Map<string, Set<() => void>>() }));
vi.mock('@/client/offline/realtime', () => ({
  onRealtime: (event: string, listener: () => void) => {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  },
}));

let server: Settings;

beforeEach(() => {
  resetClientState();
  listeners.clear();
  server = makeSettings({}, { defaultLanguage: 'en' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/settings'
        ? Response.json(server)
        : Response.json({ message: 'nope', code: 'NOT_FOUND' }, { status: 404 }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

const navKeys = () =>
  [...document.querySelectorAll('.mantine-AppShell-navbar a[data-nav-key]')].map((a) =>
    a.getAttribute('data-nav-key'),
  );

describe('settings changed by an admin elsewhere', () => {
  it('reach a signed-in operator at once: navigation and the open page change without a reload', async () => {
    await renderApp({ path: '/inventory', user: makeUser('operator'), settings: server });
    expect(await screen.findByRole('heading', { name: 'Inventory', level: 1 })).toBeInTheDocument();
    expect(navKeys()).toContain('inventory');
    expect(listeners.get('settings')?.size).toBe(1);

    server = makeSettings({ inventory: false }, { defaultLanguage: 'en' });
    act(() => listeners.get('settings')?.forEach((listener) => listener()));

    expect(await screen.findByRole('heading', { name: 'Inventory is turned off' })).toBeInTheDocument();
    await waitFor(() => expect(navKeys()).not.toContain('inventory'));

    server = makeSettings({}, { defaultLanguage: 'en' });
    act(() => listeners.get('settings')?.forEach((listener) => listener()));
    expect(await screen.findByRole('heading', { name: 'Inventory', level: 1 })).toBeInTheDocument();
    expect(navKeys()).toContain('inventory');
  });

  it('stops listening when the signed-in shell goes away', async () => {
    const { unmount } = await renderApp({ path: '/', user: makeUser('operator'), settings: server });
    await screen.findByRole('heading', { name: /Welcome/ });
    expect(listeners.get('settings')?.size).toBe(1);
    unmount();
    expect(listeners.get('settings')?.size).toBe(0);
  });
});
