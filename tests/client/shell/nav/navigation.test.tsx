import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FAVORITES_MAX, LIMIT_MESSAGE_MS, RECENTS_MAX } from '@/domain/constants';
import { navItemForPath, visibleNavItems, type NavKey } from '@/domain/navigation/nav-items';
import { pushRecent, toggleFavorite } from '@/domain/navigation/recents';
import { navBadgeStore, setNavBadge } from '@/client/shell/nav/nav-badges';
import { favoritesList } from '@/client/shell/nav/user-lists';
import { makeSettings, makeUser, renderApp, resetClientState } from '../../support/render';

const keys = (role: string, features: Record<string, boolean> = {}) =>
  visibleNavItems(makeUser(role), features).map((item) => item.key);

beforeEach(() => resetClientState());
afterEach(() => vi.useRealTimers());

describe('navigation filtering (domain)', () => {
  it('shows the admin group only to admins', () => {
    expect(keys('admin')).toEqual([
      'dashboard',
      'excavators',
      'reports',
      'betriebstagebuch',
      'inventory',
      'notifications',
      'dispo',
      'analytics',
      'users',
      'devices',
      'settings',
    ]);
    expect(keys('manager')).not.toContain('users');
    expect(keys('manager')).toContain('devices');
    expect(keys('operator')).not.toContain('devices');
    expect(keys('manager')).not.toContain('settings');
  });

  it('gives the dispo role only dashboard and dispo', () => {
    expect(keys('dispo')).toEqual(['dashboard', 'dispo']);
    expect(keys('DISPO')).toEqual(['dashboard', 'dispo']);
  });

  it('hides the dispo entry from operators and view-only roles', () => {
    expect(keys('operator')).not.toContain('dispo');
    expect(keys('auditor')).toEqual([
      'dashboard',
      'excavators',
      'reports',
      'betriebstagebuch',
      'inventory',
      'notifications',
      'analytics',
    ]);
  });

  it.each([
    ['excavators', 'excavators'],
    ['reports', 'reports'],
    ['betriebstagebuch', 'betriebstagebuch'],
    ['inventory', 'inventory'],
    ['notifications', 'notifications'],
    ['containers', 'dispo'],
    ['analytics', 'analytics'],
    ['userManagement', 'users'],
    ['settings', 'settings'],
  ])('hides the item when flag %s is explicitly false', (flag, key) => {
    expect(keys('admin')).toContain(key);
    expect(keys('admin', { [flag]: false })).not.toContain(key);
    expect(visibleNavItems(makeUser('admin'), { [flag]: undefined } as never).map((i) => i.key)).toContain(
      key,
    );
  });

  it('maps paths to their navigation item', () => {
    expect(navItemForPath('/')?.key).toBe('dashboard');
    expect(navItemForPath('/dispo/assignments/7')?.key).toBe('dispo');
    expect(navItemForPath('/reports/')?.key).toBe('reports');
    expect(navItemForPath('/reportsx')).toBeNull();
    expect(navItemForPath('/profile')).toBeNull();
  });

  it('keeps at most 5 favorites and 3 recent pages', () => {
    let list: NavKey[] = [];
    for (const key of ['dashboard', 'excavators', 'reports', 'inventory', 'analytics'] as NavKey[])
      list = toggleFavorite(list, key, FAVORITES_MAX).list;
    const sixth = toggleFavorite(list, 'dispo', FAVORITES_MAX);
    expect(sixth).toEqual({ list, limitReached: true });
    expect(toggleFavorite(list, 'reports', FAVORITES_MAX).list).not.toContain('reports');

    let recents: NavKey[] = [];
    for (const key of ['dashboard', 'excavators', 'reports', 'inventory', 'excavators'] as NavKey[])
      recents = pushRecent(recents, key, RECENTS_MAX);
    expect(recents).toEqual(['excavators', 'inventory', 'reports']);
  });
});

describe('sidebar', () => {
  const sidebar = () => screen.getByRole('navigation', { name: 'Main navigation' });
  /** Links of the groups Operations / Insights / Admin (not Recent or Favorites). */
  const linkNames = () =>
    within(sidebar())
      .getAllByTestId(/^nav-group-/)
      .flatMap((group) => within(group).getAllByRole('link'))
      .map((link) => link.textContent);

  it('shows groups and items by role', async () => {
    await renderApp({ path: '/', user: makeUser('dispo') });
    await screen.findByRole('heading', { name: /Welcome, Dispo Tester/ });
    expect(linkNames()).toEqual(['Dashboard', 'Dispo']);
    expect(within(sidebar()).queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('shows the Admin group to admins and hides items whose flag is off', async () => {
    await renderApp({
      path: '/',
      user: makeUser('admin'),
      settings: makeSettings({ inventory: false, settings: false }),
    });
    await screen.findByRole('heading', { name: /Welcome/ });
    const names = linkNames();
    expect(names).toContain('User management');
    expect(names).not.toContain('Inventory');
    expect(names).not.toContain('Settings');
    expect(within(sidebar()).getByRole('button', { name: 'Admin' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows "Role: … (View Only)" for read-only roles', async () => {
    await renderApp({ path: '/', user: makeUser('auditor') });
    expect(await screen.findByTestId('user-role')).toHaveTextContent('Role: auditor (View Only)');
  });

  it('shows badge counts on items', async () => {
    await renderApp({ path: '/', user: makeUser('operator') });
    await screen.findByRole('heading', { name: /Welcome/ });
    // No badge is a count of 0: setting that changes nothing, and the navigation does not render again.
    const none = navBadgeStore.get();
    act(() => setNavBadge('notifications', 0));
    expect(navBadgeStore.get()).toBe(none);
    act(() => setNavBadge('notifications', 4));
    expect(within(sidebar()).getByLabelText('4 new')).toHaveTextContent('4');
    const four = navBadgeStore.get();
    act(() => setNavBadge('notifications', 4.2));
    expect(navBadgeStore.get()).toBe(four);
    act(() => setNavBadge('notifications', 0));
    expect(within(sidebar()).queryByLabelText('4 new')).toBeNull();
  });

  it('collapses and expands a group', async () => {
    await renderApp({ path: '/', user: makeUser('operator') });
    await screen.findByRole('heading', { name: /Welcome/ });
    const user = userEvent.setup();
    const insights = within(sidebar()).getByRole('button', { name: 'Insights' });
    await user.click(insights);
    expect(insights).toHaveAttribute('aria-expanded', 'false');
    expect(localStorage.getItem('fleetpilot:nav-collapsed-groups')).toBe('["insights"]');
  });

  it('starts with the groups and the sidebar width this device chose before, and keeps a new choice', async () => {
    localStorage.setItem('fleetpilot:nav-collapsed-groups', '["insights"]');
    localStorage.setItem('fleetpilot:sidebar-compact', 'false');
    await renderApp({ path: '/', user: makeUser('operator') });
    await screen.findByRole('heading', { name: /Welcome/ });
    expect(within(sidebar()).getByRole('button', { name: 'Insights' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(within(sidebar()).getByRole('button', { name: 'Operations' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(sidebar()).toHaveAttribute('data-compact', 'false');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Narrow sidebar' }));
    expect(sidebar()).toHaveAttribute('data-compact', 'true');
    expect(localStorage.getItem('fleetpilot:sidebar-compact')).toBe('true');
  });

  it('records recent pages (max 3) unless recentsEnabled is false', async () => {
    const operator = makeUser('operator');
    const { router } = await renderApp({ path: '/', user: operator });
    for (const to of ['/excavators', '/reports', '/inventory'] as const)
      await act(() => router.navigate({ to }));
    const recent = await screen.findByTestId('nav-recent');
    expect(
      within(recent)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Inventory', 'Maintenance reports', 'Excavators']);
    resetClientState();
    await renderApp({
      path: '/excavators',
      user: operator,
      settings: makeSettings({ recentsEnabled: false }),
    });
    await screen.findByRole('heading', { name: 'Excavators' });
    expect(screen.queryByTestId('nav-recent')).not.toBeInTheDocument();
    expect(localStorage.getItem('fleetpilot:recents:user-operator')).toBeNull();
  });
});

describe('favorites', () => {
  it('pins up to 5 per user and shows the limit message for 2500 ms', async () => {
    const admin = makeUser('admin');
    await renderApp({ path: '/', user: admin });
    await screen.findByRole('heading', { name: /Welcome/ });
    const user = userEvent.setup();

    const groups = () => screen.getAllByTestId(/^nav-group-/);
    const pin = (name: string) =>
      groups()
        .flatMap((group) => within(group).queryAllByRole('button', { name: `Pin ${name} to favorites` }))
        .at(0)!;
    for (const name of ['Dashboard', 'Excavators', 'Maintenance reports', 'Operations log', 'Inventory'])
      await user.click(pin(name));
    expect(favoritesList.read(admin.id)).toEqual([
      'dashboard',
      'excavators',
      'reports',
      'betriebstagebuch',
      'inventory',
    ]);
    expect(JSON.parse(localStorage.getItem(`fleetpilot:favorites:${admin.id}`) ?? '[]')).toHaveLength(5);
    const favorites = screen.getByTestId('nav-favorites');
    expect(within(favorites).getAllByRole('link')).toHaveLength(5);

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.click(pin('Analytics'));
    // The dashboard behind the sidebar has status lines of its own (weather).
    expect(
      screen.getAllByRole('status').some((el) => el.textContent?.includes('You can pin up to 5 favorites')),
    ).toBe(true);
    expect(favoritesList.read(admin.id)).not.toContain('analytics');

    act(() => vi.advanceTimersByTime(LIMIT_MESSAGE_MS - 1));
    expect(screen.getByText('You can pin up to 5 favorites')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('You can pin up to 5 favorites')).not.toBeInTheDocument();

    vi.useRealTimers();
    const unpin = within(favorites).getByRole('button', { name: 'Remove Inventory from favorites' });
    await user.click(unpin);
    expect(favoritesList.read(admin.id)).toHaveLength(4);
  });

  it('keeps favorites per user', async () => {
    localStorage.setItem('fleetpilot:favorites:user-operator', JSON.stringify(['reports', 'bogus']));
    await renderApp({ path: '/', user: makeUser('operator') });
    await screen.findByRole('heading', { name: /Welcome/ });
    const favorites = screen.getByTestId('nav-favorites');
    expect(
      within(favorites)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Maintenance reports']);
  });
});
