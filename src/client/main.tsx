import '@mantine/core/styles.css';
import './shell/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LazyNotificationBell } from './features/notifications/lazy-notification-bell';
import { fullLocales, initI18n } from './i18n';
import { getStoredToken } from './api/client';
import { loadAppEngine, loadAppEngineAfterPaint } from './offline/app-engine';
import { createAppRouter } from './router';
import { AppProviders } from './shell/app-providers';
import { POST_LOGIN_EVENT, SHELL_SHOWN_EVENT } from '@/client/lib/session/events';
import { startShell } from './shell/start';
import { setNotificationBell } from './shell/top-bar-slot';

// Without a stored session the first screen is the sign-in page: it starts with the locale's sections
// it needs, and the whole locale loads with the session (as the offline engine does, below).
const signedIn = !!getStoredToken();
const i18nStarted = initI18n({ bootOnly: !signedIn });
const router = createAppRouter();
startShell(router);
// The offline engine loads when there is a session to serve (the login page does without it): right
// after a sign-in, and with a stored session once the signed-in shell has painted (app-layout.tsx; the
// dashboard does without it, every other page waits for it, routes/_app.tsx). Once loaded, it handles
// sign-ins itself and loadAppEngine only answers it.
window.addEventListener(SHELL_SHOWN_EVENT, loadAppEngineAfterPaint);
window.addEventListener(POST_LOGIN_EVENT, () => {
  void loadAppEngine({ justSignedIn: true }).catch((e: unknown) => console.error('Offline engine failed', e));
  void fullLocales().catch((e: unknown) => console.error('Locale failed to load', e));
});
setNotificationBell(<LazyNotificationBell />);

void i18nStarted.finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
