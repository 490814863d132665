import '@mantine/core/styles.css';
import './shell/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LazyNotificationBell } from './features/notifications/lazy-notification-bell';
import { initI18n } from './i18n';
import { getStoredToken } from './api/client';
import { loadAppEngine } from './offline/app-engine';
import { createAppRouter } from './router';
import { AppProviders } from './shell/app-providers';
import { POST_LOGIN_EVENT } from './shell/session/events';
import { startShell } from './shell/start';
import { setNotificationBell } from './shell/top-bar-slot';

const router = createAppRouter();
startShell(router);
// The offline engine loads when there is a session to serve (the login page does without it). Once
// loaded, it handles sign-ins itself and loadAppEngine only answers it.
const loadEngine = (options?: { justSignedIn: boolean }) =>
  void loadAppEngine(options).catch((e: unknown) => console.error('Offline engine failed', e));
if (getStoredToken()) loadEngine();
window.addEventListener(POST_LOGIN_EVENT, () => loadEngine({ justSignedIn: true }));
setNotificationBell(<LazyNotificationBell />);

void initI18n().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
