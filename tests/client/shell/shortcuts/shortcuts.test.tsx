import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { G_SHORTCUT_WINDOW_MS } from '@/domain/constants';
import { availableShortcuts, G_SHORTCUTS, stepGSequence } from '@/domain/navigation/shortcuts';
import { makeSettings, makeUser, renderApp, resetClientState } from '../../support/render';

beforeEach(() => resetClientState());
afterEach(() => vi.useRealTimers());

describe('g-sequence (domain)', () => {
  const run = (keys: Array<[string, number]>) => {
    let state = { gPressedAt: null as number | null };
    const hits: string[] = [];
    for (const [key, at] of keys) {
      const step = stepGSequence(state, key, at, G_SHORTCUTS, G_SHORTCUT_WINDOW_MS);
      state = step.state;
      if (step.shortcut) hits.push(step.shortcut.href);
    }
    return hits;
  };

  it('runs the shortcut when the letter follows g within 700 ms', () => {
    expect(G_SHORTCUT_WINDOW_MS).toBe(700);
    expect(
      run([
        ['g', 1000],
        ['d', 1699],
      ]),
    ).toEqual(['/']);
    expect(
      run([
        ['g', 0],
        ['r', 10],
        ['g', 20],
        ['b', 30],
        ['g', 40],
        ['i', 50],
      ]),
    ).toEqual(['/reports', '/betriebstagebuch', '/inventory']);
    expect(
      run([
        ['g', 0],
        ['f', 1],
      ]),
    ).toEqual(['/settings#features']);
  });

  it('ignores the letter 700 ms or more after g, or without g', () => {
    expect(
      run([
        ['g', 1000],
        ['d', 1700],
      ]),
    ).toEqual([]);
    expect(run([['d', 0]])).toEqual([]);
    expect(
      run([
        ['g', 0],
        ['x', 1],
        ['d', 2],
      ]),
    ).toEqual([]);
  });

  it('offers g f to admins only, and honours flags', () => {
    const keys = (role: string, features = {}) =>
      availableShortcuts(makeUser(role), features).map((s) => s.key);
    expect(keys('admin')).toEqual(['d', 'r', 'b', 'f', 'i']);
    expect(keys('manager')).toEqual(['d', 'r', 'b', 'i']);
    expect(keys('admin', { settings: false, inventory: false })).toEqual(['d', 'r', 'b']);
  });
});

describe('keyboard shortcuts in the shell', () => {
  async function setup(role = 'admin') {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-02T08:00:00Z'));
    const app = await renderApp({ path: '/', user: makeUser(role), settings: makeSettings() });
    await screen.findByRole('heading', { name: /Welcome/ });
    return app;
  }
  const press = (key: string, target: Element = document.body) =>
    act(() => void fireEvent.keyDown(target, { key }));

  it('navigates on g then r within the window', async () => {
    const { router } = await setup();
    press('g');
    vi.setSystemTime(Date.now() + G_SHORTCUT_WINDOW_MS - 1);
    press('r');
    await waitFor(() => expect(router.state.location.pathname).toBe('/reports'));
  });

  it('does nothing when the letter comes after the window', async () => {
    const { router } = await setup();
    press('g');
    vi.setSystemTime(Date.now() + G_SHORTCUT_WINDOW_MS + 1);
    press('r');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens settings#features on g f for admins, not for managers', async () => {
    const { router, unmount } = await setup('admin');
    press('g');
    press('f');
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(router.state.location.hash).toBe('features');
    unmount();
    resetClientState();
    const manager = await setup('manager');
    press('g');
    press('f');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(manager.router.state.location.pathname).toBe('/');
  });

  it('ignores shortcuts while typing in a field', async () => {
    const { router } = await setup();
    const field = document.createElement('textarea');
    document.body.appendChild(field);
    press('g', field);
    press('d', field);
    press('g', field);
    press('i', field);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/');
    field.remove();
  });

  it('lists the shortcuts in a legend opened with "?"', async () => {
    await setup('admin');
    press('?');
    const legend = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = within(within(legend).getByTestId('shortcuts-legend')).getAllByText(/./, { selector: 'p' });
    expect(rows.map((row) => row.textContent)).toEqual([
      'Dashboard',
      'Maintenance reports',
      'Operations log',
      'Settings → Features',
      'Inventory',
    ]);
  });
});
