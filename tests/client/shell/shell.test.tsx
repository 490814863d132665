import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorPage } from '@/client/shell/pages/error-page';
import { sessionStore } from '@/client/lib/session/session-store';
import { loadSettings } from '@/client/lib/session/settings-store';
import { setNotificationBell } from '@/client/shell/top-bar-slot';
import {
  makeSettings,
  makeUser,
  renderApp,
  renderWithProviders,
  resetClientState,
  useEnglish,
} from '../support/render';

beforeEach(() => resetClientState());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const footer = () => screen.getByRole('contentinfo');

describe('footer', () => {
  it('links dashboard, excavators, reports and daily logs for most roles, with support hours and version', async () => {
    await renderApp({
      path: '/',
      user: makeUser('operator'),
      settings: makeSettings({}, { name: 'Recycling Nord', version: '3.1.0' }),
    });
    await screen.findByRole('heading', { name: /Welcome/ });
    const links = within(footer()).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Dashboard', '/'],
      ['Excavators', '/excavators'],
      ['Maintenance reports', '/reports'],
      ['Daily logs', '/betriebstagebuch'],
    ]);
    expect(within(footer()).getByText('Monday to Friday 7:00-17:00')).toBeInTheDocument();
    expect(screen.getByTestId('footer-copyright')).toHaveTextContent(
      `© ${new Date().getFullYear()} Recycling Nord · Version 3.1.0`,
    );
    expect(within(footer()).getByText(/regulatory compliance/)).toBeInTheDocument();
  });

  it('links dashboard and dispo for the dispo role, with the default name and version', async () => {
    await renderApp({ path: '/', user: makeUser('dispo') });
    await screen.findByRole('heading', { name: /Welcome/ });
    expect(
      within(footer())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Dashboard', 'Dispo']);
    expect(screen.getByTestId('footer-copyright')).toHaveTextContent('FleetPilot · Version 2.0.0');
  });

  it('is not shown on the login page', async () => {
    await renderApp({ path: '/login' });
    await screen.findByRole('heading', { name: 'Welcome back' });
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });
});

describe('top bar and status', () => {
  it('follows the browser connection with the offline banner', async () => {
    await renderApp({ path: '/', user: makeUser('operator') });
    await screen.findByRole('heading', { name: /Welcome/ });
    const text = 'You are offline. Some actions may not work.';
    expect(screen.queryByText(text)).not.toBeInTheDocument();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(screen.queryByText(text)).not.toBeInTheDocument();
  });

  it('shows the profile image in the top bar, or a default icon', async () => {
    const { unmount } = await renderApp({
      path: '/',
      user: makeUser('operator', { profileImage: '/uploads/profile/me.png' }),
    });
    const link = await screen.findByRole('link', { name: 'View profile' });
    expect(link).toHaveAttribute('href', '/profile');
    expect(link.querySelector('img')).toHaveAttribute('src', `${location.origin}/uploads/profile/me.png`);
    unmount();
    await renderApp({ path: '/', user: makeUser('operator') });
    const plain = await screen.findByRole('link', { name: 'View profile' });
    expect(within(plain).getByTestId('default-profile-icon')).toBeInTheDocument();
  });

  it('renders what the notifications module puts in the bell slot', async () => {
    await renderApp({ path: '/', user: makeUser('operator') });
    await screen.findByRole('heading', { name: /Welcome/ });
    act(() => setNotificationBell(<button type="button">Bell test</button>));
    expect(screen.getByRole('button', { name: 'Bell test' })).toBeInTheDocument();
    act(() => setNotificationBell(null));
    expect(screen.queryByRole('button', { name: 'Bell test' })).not.toBeInTheDocument();
  });

  it('logs out from the user menu to the login page', async () => {
    const { router } = await renderApp({ path: '/reports', user: makeUser('manager') });
    await screen.findByRole('heading', { name: 'Maintenance reports' });
    const user = userEvent.setup();
    // The account button is named by what it shows: the user's name and role.
    await user.click(screen.getByRole('button', { name: /Manager Tester/ }));
    expect(await screen.findByRole('menuitem', { name: 'View profile' })).toHaveAttribute('href', '/profile');
    await user.click(screen.getByRole('menuitem', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sessionStore.get().user).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).toBeInTheDocument();
  });

  it('goes to login when the session ends elsewhere (401 on /auth/me)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        url === '/api/settings'
          ? Response.json(makeSettings({}, { defaultLanguage: 'en' }))
          : Response.json(makeUser('operator')),
      ),
    );
    const { router } = await renderApp({ path: '/inventory', user: makeUser('operator'), startShell: true });
    await screen.findByRole('heading', { name: 'Inventory' });
    act(() => sessionStore.set({ status: 'anonymous', user: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toEqual({ redirect: '/inventory' });
  });

  it('shows "Failed to load settings" or the server message when settings fail', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let answer: () => Response = () =>
      Response.json({ message: 'Settings table locked', code: 'INTERNAL' }, { status: 500 });
    // Only the settings fail; the dashboard's own calls must not show the same message.
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input instanceof Request ? input.url : input).includes('/api/settings')
          ? answer()
          : Response.json({ message: 'Not here', code: 'NOT_FOUND' }, { status: 404 }),
      ),
    );
    await renderApp({ path: '/', user: makeUser('admin') });
    await screen.findByRole('heading', { name: /Welcome/ });
    await act(() => loadSettings());
    expect(await screen.findByText('Settings table locked')).toBeInTheDocument();
    answer = () => new Response('<html>proxy error</html>', { status: 502, statusText: 'Bad Gateway' });
    await act(() => loadSettings());
    expect(await screen.findByText('Failed to load settings')).toBeInTheDocument();
  });
});

describe('render errors', () => {
  it('shows "Something went wrong" with Retry and Reload', async () => {
    await useEnglish();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('chunk failed');
      return <p>Recovered</p>;
    }
    const router = createRouter({
      routeTree: createRootRoute({ component: Flaky, errorComponent: ErrorPage }),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    renderWithProviders(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'A component failed to load. Try refreshing the page. If the problem persists check the browser console for details.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    broken = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Recovered')).toBeInTheDocument();
  });
});
