import { MantineProvider } from '@mantine/core';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { act, configure, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@/domain/user';
import { UsersTable } from '@/client/features/users/components/users-table';
import { SettingsPage } from '@/client/features/settings/settings-page';
import { i18n } from '@/client/i18n';
import { sessionStore } from '@/client/lib/session/session-store';
import { settingsStore } from '@/client/lib/session/settings-store';
import { makeSettings, makeUser, renderApp, resetClientState, useEnglish } from './support/render-app';

configure({ asyncUtilTimeout: 4000 });

/** Any role outside admin, manager, operator and dispo may look but not change. */
const VIEWER = makeUser('Auditor', { id: 'u-viewer', username: 'vera', name: 'Vera Viewer' });

beforeEach(() => {
  resetClientState();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) =>
      url === '/api/settings'
        ? Response.json(makeSettings({}, { defaultLanguage: 'en' }))
        : Response.json({ items: [], total: 0, page: 1, limit: 20 }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('a read-only user', () => {
  it('sees "Role: {role} (View Only)" and no administration', async () => {
    await renderApp({ path: '/', user: VIEWER });
    expect(await screen.findByTestId('user-role')).toHaveTextContent('Role: Auditor (View Only)');
    expect(screen.queryByTestId('nav-group-admin')).not.toBeInTheDocument();
    expect(document.querySelector('a[data-nav-key="users"], a[data-nav-key="settings"]')).toBeNull();
  });

  it('gets Not Found for /users and Access denied for /settings', async () => {
    const { unmount } = await renderApp({ path: '/users', user: VIEWER });
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    unmount();
    await renderApp({ path: '/settings', user: VIEWER });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});

describe('the administration screens without write permission', () => {
  it('list users without any editing control', async () => {
    await useEnglish();
    const users: User[] = [VIEWER, makeUser('operator', { id: 'u-otto', username: 'otto' })];
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider env="test">
          <UsersTable
            users={users}
            currentUserId={VIEWER.id}
            canManage={false}
            busyId={null}
            onEdit={vi.fn()}
            onResetPassword={vi.fn()}
            onDeactivate={vi.fn()}
            onReactivate={vi.fn()}
          />
        </MantineProvider>
      </I18nextProvider>,
    );
    const table = screen.getByRole('table', { name: 'Users' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('Auditor (view only)')).toBeInTheDocument();
    expect(within(table).queryAllByRole('button')).toEqual([]);
    expect(within(table).queryByText('Actions')).not.toBeInTheDocument();
  });

  it('show settings as values: no switches to flip, no inputs to edit, no save', async () => {
    await useEnglish();
    sessionStore.set({ status: 'signed-in', user: VIEWER });
    settingsStore.set({ status: 'ready', settings: makeSettings({ analytics: false }), error: null });
    const root = createRootRoute();
    const settings = createRoute({
      getParentRoute: () => root,
      path: '/settings',
      component: () => <SettingsPage />,
    });
    const router = createRouter({
      routeTree: root.addChildren([settings]),
      history: createMemoryHistory({ initialEntries: ['/settings#features'] }),
    });
    await act(async () => {
      render(
        <I18nextProvider i18n={i18n}>
          <MantineProvider env="test">
            <RouterProvider router={router} />
          </MantineProvider>
        </I18nextProvider>,
      );
      await router.load();
    });

    const features = await screen.findByRole('region', { name: 'Features' });
    const switches = within(features).getAllByRole('switch');
    expect(switches.length).toBeGreaterThan(0);
    for (const control of switches) expect(control).toBeDisabled();
    expect(within(features).getByRole('switch', { name: 'Analytics' })).not.toBeChecked();
    expect(screen.queryByTestId('settings-save-status')).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('tab', { name: 'General' }));
    const general = await screen.findByRole('region', { name: 'General' });
    expect(within(general).getByLabelText('App name')).toHaveAttribute('readonly');
    expect(within(general).getByLabelText('Version')).toHaveAttribute('readonly');
    expect(within(general).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(within(general).queryByRole('button', { name: 'Discard changes' })).not.toBeInTheDocument();
  });
});
