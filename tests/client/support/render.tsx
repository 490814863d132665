import { Notifications } from '@mantine/notifications';
import { createMemoryHistory, RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { act, render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { DEFAULT_FEATURES } from '@/domain/features';
import { DEFAULT_SETTINGS, type Settings } from '@/domain/settings';
import type { User } from '@/domain/user';
import { setStoredToken } from '@/client/api/client';
import { i18n, initI18n } from '@/client/i18n';
import { SyncEngineProvider } from '@/client/offline/engine-context';
import type { SyncEngine } from '@/client/offline/engine';
import type { AppRouter } from '@/client/router';
import { AppProviders } from '@/client/shell/app-providers';
import { favoritesList, recentsList } from '@/client/shell/nav/user-lists';
import { legendStore } from '@/client/shell/shortcuts/legend-store';
import { sessionStore, USER_CACHE_KEY } from '@/client/lib/session/session-store';
import { settingsStore } from '@/client/lib/session/settings-store';
import { forgetStoredValues } from '@/client/lib/use-stored-value';
import { colorThemeStore } from '@/client/shell/theme/color-scheme';

export function makeUser(role: string, overrides: Partial<User> = {}): User {
  return {
    id: `user-${role}`,
    username: role,
    name: `${role[0]?.toUpperCase()}${role.slice(1)} Tester`,
    email: null,
    phone: null,
    department: null,
    role,
    active: true,
    profileImage: null,
    signature: null,
    lastLogin: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeSettings(
  features: Partial<Record<string, boolean>> = {},
  app: Partial<Settings['app']> = {},
): Settings {
  return {
    ...DEFAULT_SETTINGS,
    app: { ...DEFAULT_SETTINGS.app, ...app },
    features: { ...DEFAULT_FEATURES, ...(features as Record<string, boolean>) },
  };
}

const stops: Array<() => void> = [];

/** Clears every store and localStorage between tests. */
export function resetClientState(): void {
  for (const stop of stops.splice(0)) stop();
  localStorage.clear();
  forgetStoredValues();
  sessionStore.set({ status: 'anonymous', user: null });
  settingsStore.set({ status: 'idle', settings: null, error: null });
  favoritesList.reset();
  recentsList.reset();
  legendStore.set(false);
  colorThemeStore.set('light');
}

export async function useEnglish(): Promise<void> {
  await initI18n();
  await i18n.changeLanguage('en');
}

/**
 * Signs `user` in on this device as a restored session would, with `settings` loaded (default: every
 * feature on). With `token`, API calls carry a bearer token as after a real sign-in.
 */
export function signIn(user: User, settings: Settings = makeSettings(), { token = false } = {}): void {
  if (token) setStoredToken('test-token');
  sessionStore.set({ status: 'signed-in', user });
  settingsStore.set({ status: 'ready', settings, error: null });
}

export interface ProvidersOptions {
  /** A device's engine (e.g. a harness's) for the components that read it from context. */
  engine?: SyncEngine;
  /** Mount the notifications host, for components that report through toasts. */
  notifications?: boolean;
}

/** The providers the app itself renders (i18n, Mantine with the device's theme), plus an engine if given. */
export function TestProviders({
  children,
  engine,
  notifications = false,
}: ProvidersOptions & { children: ReactNode }) {
  const inner = (
    <>
      {notifications && <Notifications />}
      {children}
    </>
  );
  return (
    <AppProviders env="test">
      {engine ? <SyncEngineProvider engine={engine}>{inner}</SyncEngineProvider> : inner}
    </AppProviders>
  );
}

/** Renders one component (not a route) inside the app's providers. */
export function renderWithProviders(ui: ReactNode, options: ProvidersOptions = {}): RenderResult {
  return render(<TestProviders {...options}>{ui}</TestProviders>);
}

/** Renders a router inside the app's providers and waits until its first navigation has loaded. */
export async function renderRouter(router: AnyRouter, options: ProvidersOptions = {}): Promise<RenderResult> {
  let result!: RenderResult;
  await act(async () => {
    result = render(
      <TestProviders {...options}>
        <RouterProvider router={router} />
      </TestProviders>,
    );
    await router.load();
  });
  return result;
}

interface RenderAppOptions {
  path: string;
  user?: User | null;
  /** `'loading'` leaves settings unknown and loading; default: all features on. */
  settings?: Settings | 'loading';
  /** Also run the startup wiring (session restore, settings load, post-login event) as main.tsx does. */
  startShell?: boolean;
}

export interface RenderedApp extends RenderResult {
  router: AppRouter;
}

/** Renders the real app (providers, router, route tree) at `path` with the given session and settings. */
export async function renderApp({
  path,
  user = null,
  settings,
  startShell: start = false,
}: RenderAppOptions): Promise<RenderedApp> {
  // Loaded here, not at the top: the route tree and the engine are heavy, and component tests that only
  // need the providers should not pay for them.
  const [{ setAppEngine }, { getSyncEngine }, { createAppRouter }, { startShell }] = await Promise.all([
    import('@/client/offline/app-engine'),
    import('@/client/offline/instance'),
    import('@/client/router'),
    import('@/client/shell/start'),
  ]);
  await useEnglish();
  if (user) {
    setStoredToken('test-token');
    localStorage.setItem(USER_CACHE_KEY, JSON.stringify(user));
    sessionStore.set({ status: 'signed-in', user });
  } else {
    sessionStore.set({ status: 'anonymous', user: null });
  }
  if (settings === 'loading') settingsStore.set({ status: 'loading', settings: null, error: null });
  else settingsStore.set({ status: 'ready', settings: settings ?? makeSettings(), error: null });

  // The app's engine, handed over without starting it: the signed-in pages do not load (and start) one.
  setAppEngine(getSyncEngine());
  const router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  if (start) stops.push(startShell(router));
  const result = await renderRouter(router);
  return { ...result, router };
}

/** A component on a test device: the harness's engine in context and the notifications host mounted. */
export function renderWithEngine(device: { engine: SyncEngine }, ui: ReactNode): RenderResult {
  return renderWithProviders(ui, { engine: device.engine, notifications: true });
}

/** `ui` wrapped in the app's providers, for `rerender` or a `render` that needs its own options. */
export function withProviders(ui: ReactNode, options: ProvidersOptions = {}): ReactNode {
  return <TestProviders {...options}>{ui}</TestProviders>;
}
