import { getStoredToken } from '../api/client';
import { applySettingsLanguage, initI18n } from '../i18n';
import { POST_LOGIN_EVENT } from '@/client/lib/session/events';
import type * as SettingsStoreModule from '@/client/lib/session/settings-store';
import { restoreSession, sessionStore } from '@/client/lib/session/session-store';
import { startColorScheme } from './theme/color-scheme';

/**
 * Wires the stores together once at startup: theme events, session restore, settings load at start
 * and after every sign-in, the settings' default language, and a route re-check when a session ends.
 * The settings store is imported with the first session: it (and zod, which validates settings) is
 * not needed to show the login page. `router` is the app's router, or what forwards to it once it has
 * loaded. Returns the function that undoes the wiring (tests).
 */
export function startShell(router: { invalidate: () => unknown }): () => void {
  const stopColorScheme = startColorScheme();
  let stopped = false;
  let stopSettings = () => {};

  // Loaded with the first session (stored at start, or the first sign-in): the login page does without
  // it. The settings are requested as soon as the module is there; only applying their default
  // language waits for i18next (main.tsx starts it at the same time), so the request does not queue
  // behind the locale's file on a slow link. Settings that arrive first are applied once it runs.
  let settingsModule: Promise<typeof SettingsStoreModule> | null = null;
  const followLanguage = (module: typeof SettingsStoreModule) => {
    if (stopped) return;
    let lastSettings = module.settingsStore.get().settings;
    if (lastSettings) void applySettingsLanguage(lastSettings);
    stopSettings = module.settingsStore.subscribe(() => {
      const { settings } = module.settingsStore.get();
      if (settings === lastSettings) return;
      lastSettings = settings;
      void applySettingsLanguage(settings);
    });
  };
  const loadSettingsModule = () =>
    (settingsModule ??= import('@/client/lib/session/settings-store').then((module) => {
      void initI18n().then(() => followLanguage(module));
      return module;
    }));
  const reloadSettings = () =>
    void loadSettingsModule().then((module) => (stopped ? undefined : module.loadSettings()));
  window.addEventListener(POST_LOGIN_EVENT, reloadSettings);

  let hadUser = !!sessionStore.get().user;
  const stopSession = sessionStore.subscribe(() => {
    const hasUser = !!sessionStore.get().user;
    // A session that ends (401 on /auth/me, sign-out in the store) sends protected pages to login.
    if (hadUser && !hasUser) void router.invalidate();
    hadUser = hasUser;
  });

  void restoreSession();
  if (getStoredToken()) reloadSettings();

  return () => {
    stopped = true;
    stopColorScheme();
    window.removeEventListener(POST_LOGIN_EVENT, reloadSettings);
    stopSettings();
    stopSession();
  };
}
