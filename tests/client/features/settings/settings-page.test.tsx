import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FEATURE_FLAGS } from '@/domain/features';
import { mergeSettings, type Settings, type SettingsUpdate } from '@/domain/settings';
import { hasUnsavedChanges } from '@/client/lib/unsaved-changes';
import { settingsStore } from '@/client/lib/session/settings-store';
import { FLAG_GROUPS } from '@/client/features/settings/feature-flags';
import { makeSettings, makeUser, renderApp, resetClientState } from '../../support/render';

vi.setConfig({ testTimeout: 40_000 });

/**
 * /settings against a fake GET/PUT /api/settings that merges like the server does. A PUT can be
 * held (`hold`) to look at the page while the request is in flight, or answered with an error.
 */
const ADMIN = makeUser('admin');
let server: Settings;
let puts: SettingsUpdate[];
let gets: number;
let failPut: { status: number; body: object } | null;
let held: Array<() => void>;
let hold: boolean;

beforeEach(() => {
  resetClientState();
  server = makeSettings({}, { defaultLanguage: 'en' });
  puts = [];
  gets = 0;
  failPut = null;
  held = [];
  hold = false;
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      if (url === '/api/settings' && method === 'GET') {
        gets += 1;
        return Response.json(server);
      }
      if (url === '/api/settings' && method === 'PUT') {
        const body = JSON.parse(String(init.body)) as SettingsUpdate;
        puts.push(body);
        if (hold) await new Promise<void>((resolve) => held.push(resolve));
        if (failPut) return Response.json(failPut.body, { status: failPut.status });
        server = mergeSettings(server, body);
        return Response.json(server);
      }
      return Response.json({ message: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openSettings(path = '/settings') {
  const app = await renderApp({ path, user: ADMIN, settings: server });
  await screen.findByRole('heading', { name: 'Settings', level: 1 });
  return app;
}

const status = () => screen.getByTestId('settings-save-status');
const navKeys = () =>
  [...document.querySelectorAll('.mantine-AppShell-navbar a[data-nav-key]')].map((a) =>
    a.getAttribute('data-nav-key'),
  );
const release = () => act(() => held.splice(0).forEach((resolve) => resolve()));

describe('the Features section', () => {
  it('has a switch with a description for every flag', async () => {
    expect(FLAG_GROUPS.flatMap((group) => group.flags.map((entry) => entry.flag)).sort()).toEqual(
      [...FEATURE_FLAGS].sort(),
    );
    await openSettings('/settings#features');
    const features = screen.getByRole('region', { name: 'Features' });
    expect(within(features).getAllByRole('switch')).toHaveLength(FEATURE_FLAGS.length);
    const inventory = within(features).getByRole('switch', { name: 'Inventory' });
    expect(inventory).toBeChecked();
    expect(inventory).toHaveAccessibleDescription('Parts in stock with photos, quantities, prices and tags.');
  });

  it('sends the whole features map, and navigation follows before the server answers', async () => {
    const user = userEvent.setup();
    await openSettings('/settings#features');
    expect(navKeys()).toContain('inventory');
    hold = true;
    await user.click(screen.getByRole('switch', { name: 'Inventory' }));

    expect(navKeys()).not.toContain('inventory');
    expect(status()).toHaveAttribute('data-state', 'saving');
    expect(status()).toHaveTextContent('Saving…');
    expect(puts).toHaveLength(1);
    const sent = puts[0]!.features!;
    expect(Object.keys(sent).sort()).toEqual([...FEATURE_FLAGS].sort());
    expect(sent).toEqual({ ...makeSettings().features, inventory: false });
    expect(puts[0]).toEqual({ features: sent });

    await release();
    await waitFor(() => expect(status()).toHaveAttribute('data-state', 'saved'));
    expect(status()).toHaveTextContent('Saved');
    expect(settingsStore.get().settings?.features.inventory).toBe(false);
    expect(JSON.parse(localStorage.getItem('fleetpilot:settings') ?? '{}').features.inventory).toBe(false);
    await waitFor(() => expect(status()).toHaveAttribute('data-state', 'all-saved'), { timeout: 6000 });
    expect(status()).toHaveTextContent('All changes saved');
  });

  it('queues a second toggle behind the first ("Changes pending"), each with the whole map', async () => {
    const user = userEvent.setup();
    await openSettings('/settings#features');
    hold = true;
    await user.click(screen.getByRole('switch', { name: 'Inventory' }));
    await user.click(screen.getByRole('switch', { name: 'Analytics' }));
    expect(status()).toHaveAttribute('data-state', 'pending');
    expect(status()).toHaveTextContent('Changes pending');
    expect(puts).toHaveLength(1);
    expect(navKeys()).not.toContain('analytics');

    await release();
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]!.features).toMatchObject({ inventory: false, analytics: false, reports: true });
    await release();
    await waitFor(() => expect(status()).toHaveAttribute('data-state', 'saved'));
    expect(server.features).toMatchObject({ inventory: false, analytics: false });
    expect(screen.getByRole('switch', { name: 'Inventory' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
  });

  it('on failure shows "Failed to update setting", reloads settings and puts the switch back', async () => {
    const user = userEvent.setup();
    await openSettings('/settings#features');
    failPut = { status: 500, body: { code: 'INTERNAL' } };
    const getsBefore = gets;
    await user.click(screen.getByRole('switch', { name: 'Inventory' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update setting');
    expect(gets).toBe(getsBefore + 1);
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Inventory' })).toBeChecked());
    expect(navKeys()).toContain('inventory');
    expect(server.features.inventory).toBe(true);

    failPut = {
      status: 403,
      body: { message: 'The feature "settings" is disabled', code: 'FEATURE_DISABLED' },
    };
    await user.click(screen.getByRole('switch', { name: 'Analytics' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('The feature "settings" is disabled'),
    );
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Analytics' })).toBeChecked());
  });

  it('asks before switching Settings itself off', async () => {
    const user = userEvent.setup();
    await openSettings('/settings#features');
    await user.click(screen.getByRole('switch', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off Settings?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it on' }));
    expect(puts).toEqual([]);
    expect(screen.getByRole('switch', { name: 'Settings' })).toBeChecked();

    await user.click(screen.getByRole('switch', { name: 'Settings' }));
    await user.click(await screen.findByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.features!.settings).toBe(false);
    // The page gate replaces the page at once.
    expect(await screen.findByRole('heading', { name: 'Settings are turned off' })).toBeInTheDocument();
  });
});

describe('the General section', () => {
  it('goes unsaved → saving → saved → all saved, and the app name changes everywhere', async () => {
    const user = userEvent.setup();
    await openSettings();
    const general = screen.getByRole('region', { name: 'General' });
    expect(status()).toHaveAttribute('data-state', 'all-saved');
    const name = within(general).getByLabelText(/App name/);
    expect(name).toHaveValue('FleetPilot');
    expect(within(general).getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.clear(name);
    await user.type(name, 'Recycling Nord');
    expect(status()).toHaveAttribute('data-state', 'unsaved');
    expect(status()).toHaveTextContent('Unsaved changes');
    expect(hasUnsavedChanges()).toBe(true);

    hold = true;
    await user.click(within(general).getByRole('button', { name: 'Save' }));
    expect(status()).toHaveAttribute('data-state', 'saving');
    expect(puts).toEqual([
      {
        app: { name: 'Recycling Nord', version: '2.0.0', defaultLanguage: 'en', timeZone: 'Europe/Berlin' },
      },
    ]);

    await release();
    await waitFor(() => expect(status()).toHaveAttribute('data-state', 'saved'));
    expect(hasUnsavedChanges()).toBe(false);
    expect(within(general).getByRole('button', { name: 'Save' })).toBeDisabled();
    await waitFor(() => expect(document.title).toBe('Settings · Recycling Nord'));
    await waitFor(() => expect(status()).toHaveAttribute('data-state', 'all-saved'), { timeout: 6000 });
  });

  it('checks the fields with the domain rules and shows a failed save', async () => {
    const user = userEvent.setup();
    await openSettings();
    const general = screen.getByRole('region', { name: 'General' });
    await user.clear(within(general).getByLabelText(/App name/));
    await user.click(within(general).getByRole('button', { name: 'Save' }));
    expect(await within(general).findByText('Enter an app name (up to 80 characters).')).toBeInTheDocument();
    expect(puts).toEqual([]);

    await user.type(within(general).getByLabelText(/App name/), 'Yard');
    failPut = { status: 502, body: {} };
    await user.click(within(general).getByRole('button', { name: 'Save' }));
    expect(await within(general).findByRole('alert')).toHaveTextContent('Failed to update setting');
    // The input stays for another try.
    expect(within(general).getByLabelText(/App name/)).toHaveValue('Yard');
    expect(status()).toHaveAttribute('data-state', 'unsaved');
  });
});

describe('leaving with unsaved changes', () => {
  // The browser's own prompt on reload or close (beforeunload) is covered by tests/e2e/admin.spec.ts:
  // the memory history used here has no beforeunload.
  it('asks before leaving the page, and never for switching sections', async () => {
    const user = userEvent.setup();
    const { router } = await openSettings();
    const general = screen.getByRole('region', { name: 'General' });
    await user.type(within(general).getByLabelText(/Version/), '.1');
    expect(hasUnsavedChanges()).toBe(true);

    await user.click(screen.getByRole('tab', { name: 'Features' }));
    await waitFor(() => expect(router.state.location.hash).toBe('features'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'General' }));
    expect(screen.getByLabelText(/Version/)).toHaveValue('2.0.0.1');

    const dashboard = document.querySelector<HTMLElement>(
      '.mantine-AppShell-navbar a[data-nav-key="dashboard"]',
    )!;
    await user.click(dashboard);
    const dialog = await screen.findByRole('dialog', { name: 'Leave with unsaved changes?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/settings');
    expect(screen.getByLabelText(/Version/)).toHaveValue('2.0.0.1');

    await user.click(dashboard);
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Leave with unsaved changes?' })).getByRole('button', {
        name: 'Leave without saving',
      }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(hasUnsavedChanges()).toBe(false);
    expect(puts).toEqual([]);
  });
});

describe('settings that fail to load', () => {
  it('shows the server message, or "Failed to load settings", with Retry', async () => {
    const user = userEvent.setup();
    await openSettings();
    act(() => settingsStore.set((state) => ({ ...state, status: 'error', error: 'Settings table locked' })));
    const main = document.querySelector('main')!;
    expect(await within(main).findByText('Settings table locked')).toBeInTheDocument();
    act(() => settingsStore.set((state) => ({ ...state, status: 'error', error: '' })));
    expect(await within(main).findByText('Failed to load settings')).toBeInTheDocument();
    const getsBefore = gets;
    await user.click(within(main).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(gets).toBe(getsBefore + 1));
    await waitFor(() => expect(within(main).queryByText('Failed to load settings')).not.toBeInTheDocument());
  });
});
