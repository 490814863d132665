import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { act, render, type RenderResult } from '@testing-library/react';
import { DEFAULT_FEATURES } from '@/domain/features';
import { DEFAULT_SETTINGS, type Settings } from '@/domain/settings';
import type { User } from '@/domain/user';
import { setStoredToken } from '@/client/api/client';
import { i18n, initI18n } from '@/client/i18n';
import { setAppEngine } from '@/client/offline/app-engine';
import { getSyncEngine } from '@/client/offline/instance';
import { createAppRouter, type AppRouter } from '@/client/router';
import { AppProviders } from '@/client/shell/app-providers';
import { favoritesList, recentsList } from '@/client/shell/nav/user-lists';
import { legendStore } from '@/client/shell/shortcuts/legend-store';
import { sessionStore, USER_CACHE_KEY } from '@/client/lib/session/session-store';
import { settingsStore } from '@/client/lib/session/settings-store';
import { colorThemeStore } from '@/client/shell/theme/color-scheme';
import { startShell } from '@/client/shell/start';

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
  let result!: RenderResult;
  await act(async () => {
    result = render(
      <AppProviders env="test">
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await router.load();
  });
  return { ...result, router };
}
