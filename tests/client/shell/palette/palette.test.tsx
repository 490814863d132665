import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PALETTE_RESULT_CAP } from '@/domain/constants';
import { searchPaletteEntries, type PaletteEntry } from '@/domain/navigation/palette';
import { i18n } from '@/client/i18n';
import { buildPaletteEntries } from '@/client/shell/palette/palette-entries';
import { colorThemeStore, startColorScheme } from '@/client/shell/theme/color-scheme';
import { makeSettings, makeUser, renderApp, resetClientState, useEnglish } from '../../support/render';

beforeEach(() => resetClientState());

const titles = (role: string, features: Record<string, boolean> = {}) =>
  buildPaletteEntries(i18n.t.bind(i18n), makeUser(role), features).map((entry) => entry.title);

describe('palette search (domain)', () => {
  const entries: PaletteEntry[] = Array.from({ length: 50 }, (_, index) => ({
    id: `e${index}`,
    title: `Entry ${index}`,
    group: index % 2 ? 'Odd group' : 'Even group',
  }));

  it('returns at most 30 results', () => {
    expect(PALETTE_RESULT_CAP).toBe(30);
    expect(searchPaletteEntries(entries, '')).toHaveLength(30);
    expect(searchPaletteEntries(entries, 'entry')).toHaveLength(30);
    expect(searchPaletteEntries(entries, 'odd')).toHaveLength(25);
  });

  it('matches the title or the group, every word, case and accents ignored', () => {
    const list: PaletteEntry[] = [
      { id: 'a', title: 'Übersicht', group: 'Betrieb' },
      { id: 'b', title: 'Lager', group: 'Betrieb' },
      { id: 'c', title: 'Einstellungen', group: 'Verwaltung' },
    ];
    expect(searchPaletteEntries(list, 'ubersicht').map((e) => e.id)).toEqual(['a']);
    expect(searchPaletteEntries(list, 'BETRIEB').map((e) => e.id)).toEqual(['a', 'b']);
    expect(searchPaletteEntries(list, 'betrieb lag').map((e) => e.id)).toEqual(['b']);
    expect(searchPaletteEntries(list, 'nothing')).toEqual([]);
  });
});

describe('palette entries by role and flag', () => {
  beforeEach(useEnglish);

  it('offers admins the admin pages and the settings action', () => {
    expect(titles('admin')).toEqual([
      'Dashboard',
      'Excavators',
      'Maintenance reports',
      'Operations log',
      'Inventory',
      'Notifications',
      'Dispo',
      'Analytics',
      'User management',
      'Devices',
      'Settings',
      'Go to settings',
      'Toggle light/dark theme',
      'Log out',
    ]);
  });

  it('drops the settings action when the settings flag is off', () => {
    const list = titles('admin', { settings: false, analytics: false });
    expect(list).not.toContain('Go to settings');
    expect(list).not.toContain('Settings');
    expect(list).not.toContain('Analytics');
  });

  it('gives other roles no admin entries', () => {
    expect(titles('operator')).not.toContain('Go to settings');
    expect(titles('operator')).not.toContain('User management');
    expect(titles('dispo')).toEqual(['Dashboard', 'Dispo', 'Toggle light/dark theme', 'Log out']);
  });
});

describe('command palette', () => {
  // The palette is code-split; load its module once up front so each test measures the palette, not
  // the first transform of its chunk.
  beforeAll(async () => {
    await import('@/client/shell/palette/command-palette');
  });
  const search = () => screen.queryByPlaceholderText('Search pages and actions…');

  it('opens with Ctrl+K, searches by group, runs an action and closes with Escape', async () => {
    await renderApp({ path: '/', user: makeUser('admin') });
    await screen.findByRole('heading', { name: /Welcome/ });
    const user = userEvent.setup();
    expect(search()).not.toBeInTheDocument();

    await user.keyboard('{Control>}k{/Control}');
    const input = await screen.findByPlaceholderText('Search pages and actions…');
    await user.type(input, 'admin');
    const dialog = screen.getByRole('dialog');
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['User management', 'Devices', 'Settings']),
    );

    await user.clear(input);
    await user.type(input, 'theme');
    const stopColorScheme = startColorScheme();
    const before = colorThemeStore.get();
    await user.click(within(dialog).getByRole('button', { name: 'Toggle light/dark theme' }));
    expect(colorThemeStore.get()).toBe(before === 'dark' ? 'light' : 'dark');
    stopColorScheme();
    await waitFor(() => expect(search()).not.toBeInTheDocument());

    await user.keyboard('{Control>}k{/Control}');
    await screen.findByPlaceholderText('Search pages and actions…');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(search()).not.toBeInTheDocument());
  });

  it('opens with "/" only when the user is not typing in a field', async () => {
    await renderApp({ path: '/', user: makeUser('operator') });
    await screen.findByRole('heading', { name: /Welcome/ });
    const field = document.createElement('input');
    document.body.appendChild(field);
    field.focus();
    fireEvent.keyDown(field, { key: '/' });
    expect(search()).not.toBeInTheDocument();
    field.remove();

    act(() => void fireEvent.keyDown(document.body, { key: '/' }));
    expect(await screen.findByPlaceholderText('Search pages and actions…')).toBeInTheDocument();
  });

  it('navigates to a page chosen in the palette', async () => {
    const { router } = await renderApp({ path: '/', user: makeUser('manager'), settings: makeSettings() });
    await screen.findByRole('heading', { name: /Welcome/ });
    const user = userEvent.setup();
    await user.keyboard('{Control>}k{/Control}');
    await user.type(await screen.findByPlaceholderText('Search pages and actions…'), 'inventory');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Inventory' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/inventory'));
  });
});
