// Mantine's base; each component's own styles come with it (scripts/mantine-styles.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './shell/global.css';
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { fullLocales, initI18n } from './i18n';
import { getStoredToken } from './api/client';
import { loadAppEngine, loadAppEngineAfterPaint } from './offline/app-engine';
import type { AppRouter } from './router';
import { AppProviders } from './shell/app-providers';
import { POST_LOGIN_EVENT, SHELL_SHOWN_EVENT } from '@/client/lib/session/events';
import { startShell } from './shell/start';

// Without a stored session the first screen is the sign-in page: it starts with the locale's sections
// it needs, and the whole locale loads with the session (as the offline engine does, below).
const signedIn = !!getStoredToken();
const i18nStarted = initI18n({ bootOnly: !signedIn });
// The router and its route tree load with the first session (app-root.tsx): a visit that starts
// without one shows the sign-in page on its own, and its first load leaves them out.
let router: AppRouter | null = null;
startShell({ invalidate: () => router?.invalidate() });
// The offline engine loads when there is a session to serve (the login page does without it): right
// after a sign-in, and with a stored session once the signed-in shell has painted (app-layout.tsx; the
// dashboard does without it, every other page waits for it, routes/_app.tsx). Once loaded, it handles
// sign-ins itself and loadAppEngine only answers it.
window.addEventListener(SHELL_SHOWN_EVENT, loadAppEngineAfterPaint);
window.addEventListener(POST_LOGIN_EVENT, () => {
  void loadAppEngine({ justSignedIn: true }).catch((e: unknown) => console.error('Offline engine failed', e));
  void fullLocales().catch((e: unknown) => console.error('Locale failed to load', e));
});

const root = createRoot(document.getElementById('root')!);
// One provider tree for both: the routed app replaces the sign-in page below the same providers.
const render = (content: ReactNode) =>
  root.render(
    <StrictMode>
      <AppProviders>{content}</AppProviders>
    </StrictMode>,
  );

/**
 * Loads the routed app and shows it; `beforeShow` runs once it is loaded (the address to open).
 *
 * The router loads the address before the first render, which is then a transition: React renders the
 * shell in slices of a few ms, between which the browser can paint and answer a tap, and commits it
 * once. Mounted first, the router would load on mount and then render the whole shell from its store's
 * change, which React never slices: the longest task of a signed-in start on a slow tablet.
 */
const showRoutedApp = (beforeShow?: () => void) =>
  Promise.all([import('./app-root'), i18nStarted.catch(() => undefined)]).then(
    async ([{ createRoutedApp, firstLoad }]) => {
      beforeShow?.();
      const routed = createRoutedApp();
      router = routed.router;
      await firstLoad(routed.router);
      startTransition(() => render(routed.app));
    },
  );

if (signedIn) {
  void showRoutedApp().catch((e: unknown) => console.error('App failed to load', e));
} else {
  // Every page but the sign-in page needs a session: the address asked for becomes the page to
  // return to, as the router's redirect would make it.
  if (window.location.pathname !== '/login') {
    const asked = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    const search = asked === '/' ? '' : `?${new URLSearchParams({ redirect: asked }).toString()}`;
    window.history.replaceState(window.history.state, '', `/login${search}`);
  }
  const redirect = new URLSearchParams(window.location.search).get('redirect') ?? undefined;
  void Promise.all([import('./features/auth/standalone-login'), i18nStarted.catch(() => undefined)])
    .then(([{ StandaloneLogin }]) =>
      render(
        <StandaloneLogin
          redirect={redirect}
          onSignedIn={(href) =>
            void showRoutedApp(() => window.history.pushState(null, '', href)).catch((e: unknown) =>
              console.error('App failed to load', e),
            )
          }
        />,
      ),
    )
    .catch((e: unknown) => console.error('Sign-in page failed to load', e));
}
