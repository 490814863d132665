import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsStore } from '@/client/lib/session/settings-store';
import { makeSettings, makeUser, renderApp, resetClientState } from '../support/render';

beforeEach(() => resetClientState());
afterEach(() => vi.unstubAllGlobals());

describe('route guards', () => {
  it('sends an anonymous visitor of a protected page to login and back after sign-in', async () => {
    const admin = makeUser('admin');
    const fetchMock = vi.fn(async (url: string) => {
      if (url === '/api/auth/login') return Response.json({ token: 'new-token', user: admin });
      if (url === '/api/settings') return Response.json(makeSettings({}, { defaultLanguage: 'en' }));
      return new Response(null, { status: 404 });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { router } = await renderApp({
      path: '/excavators?view=full',
      startShell: true,
      settings: makeSettings({}, { defaultLanguage: 'en' }),
    });

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/excavators?view=full' });
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Username or e-mail/), 'admin');
    await user.type(screen.getByLabelText(/Password/), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/excavators'));
    expect(await screen.findByRole('heading', { name: 'Excavators' })).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('new-token');
    expect(fetchMock).toHaveBeenCalledWith('/api/settings', expect.anything());
  });

  it('shows the login page for an unknown path when nobody is signed in', async () => {
    const { router } = await renderApp({ path: '/no/such/page' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByLabelText(/Username or e-mail/)).toBeInTheDocument();
  });

  it('shows "Invalid credentials" on a 401 and the plain server message on other errors', async () => {
    let status = 401;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        Response.json(
          { message: status === 401 ? 'nope' : 'Too many attempts, wait a minute', code: 'X' },
          { status },
        ),
      ),
    );
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderApp({ path: '/login' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Username or e-mail/), 'admin');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials. Please try again.');

    status = 429;
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Too many attempts, wait a minute'),
    );
  });

  it('shows "Not Found" inside the shell for an unknown path of a signed-in user', async () => {
    await renderApp({ path: '/definitely-not-a-page', user: makeUser('operator') });
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('replaces pages with a skeleton while settings load', async () => {
    await renderApp({ path: '/analytics', user: makeUser('admin'), settings: 'loading' });
    expect(await screen.findByTestId('page-skeleton')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Analytics' })).not.toBeInTheDocument();
  });

  it('shows the disabled-feature page with the admin hint and Open Settings for admins', async () => {
    await renderApp({
      path: '/analytics',
      user: makeUser('admin'),
      settings: makeSettings({ analytics: false }),
    });
    expect(await screen.findByRole('heading', { name: 'Analytics is turned off' })).toBeInTheDocument();
    expect(screen.getByText('Feature Unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' })).toHaveAttribute('href', '/');
    expect(screen.getByTestId('disabled-admin-hint')).toHaveTextContent('toggle in Settings → Features');
    expect(screen.getByRole('link', { name: 'Open Settings' })).toHaveAttribute('href', '/settings#features');
  });

  it('shows the disabled-feature page without admin hint to other roles', async () => {
    await renderApp({
      path: '/inventory',
      user: makeUser('manager'),
      settings: makeSettings({ inventory: false }),
    });
    expect(await screen.findByRole('heading', { name: 'Inventory is turned off' })).toBeInTheDocument();
    expect(screen.queryByTestId('disabled-admin-hint')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open Settings' })).not.toBeInTheDocument();
  });

  it('uses the generic disabled text for modules without their own text', async () => {
    await renderApp({
      path: '/reports',
      user: makeUser('operator'),
      settings: makeSettings({ reports: false }),
    });
    expect(
      await screen.findByRole('heading', { name: 'Maintenance reports is turned off' }),
    ).toBeInTheDocument();
  });

  it('replaces the page the moment a flag turns false', async () => {
    await renderApp({ path: '/analytics', user: makeUser('operator') });
    expect(await screen.findByRole('heading', { name: 'Analytics' })).toBeInTheDocument();
    settingsStore.set({ status: 'ready', settings: makeSettings({ analytics: false }), error: null });
    expect(await screen.findByRole('heading', { name: 'Analytics is turned off' })).toBeInTheDocument();
  });

  it('shows operators only the dispatcher info on dispo pages, never "Access denied"', async () => {
    for (const path of ['/dispo', '/dispo/assignments/42']) {
      const { unmount } = await renderApp({ path, user: makeUser('operator') });
      expect(await screen.findByText('Dispo is managed by your dispatcher.')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Access denied' })).not.toBeInTheDocument();
      expect(screen.queryByText('You do not have permission to open this page.')).not.toBeInTheDocument();
      unmount();
    }
  });

  it('opens dispo pages for the dispo role', async () => {
    await renderApp({ path: '/dispo/assignments/42', user: makeUser('dispo') });
    expect(await screen.findByRole('heading', { name: 'Assignment 42' })).toBeInTheDocument();
  });

  it('denies dispo pages to view-only roles without the operator info', async () => {
    await renderApp({ path: '/dispo', user: makeUser('auditor') });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
    expect(screen.queryByText('Dispo is managed by your dispatcher.')).not.toBeInTheDocument();
  });

  it('registers /users only for admins: others get Not Found', async () => {
    await renderApp({
      path: '/users',
      user: makeUser('manager'),
      settings: makeSettings({ userManagement: false }),
    });
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
  });

  it('shows /users to admins and its disabled page when userManagement is off', async () => {
    const { unmount } = await renderApp({ path: '/users', user: makeUser('admin') });
    expect(await screen.findByRole('heading', { name: 'User management' })).toBeInTheDocument();
    unmount();
    await renderApp({
      path: '/users',
      user: makeUser('admin'),
      settings: makeSettings({ userManagement: false }),
    });
    expect(await screen.findByRole('heading', { name: 'User management is turned off' })).toBeInTheDocument();
  });

  it('opens /settings#features on the features section for admins only', async () => {
    const { unmount } = await renderApp({ path: '/settings#features', user: makeUser('admin') });
    const features = await screen.findByRole('region', { name: 'Features' });
    expect(features).toHaveAttribute('id', 'features');
    expect(features).toHaveAttribute('data-active', 'true');
    expect(within(features).getByText('Analytics')).toBeInTheDocument();
    unmount();
    await renderApp({ path: '/settings', user: makeUser('operator') });
    expect(await screen.findByRole('heading', { name: 'Access denied' })).toBeInTheDocument();
  });
});
