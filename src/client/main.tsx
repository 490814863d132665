import '@mantine/core/styles.css';
import './shell/global.css';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LazyNotificationBell } from './features/notifications/lazy-notification-bell';
import { initI18n } from './i18n';
import { startOfflineEngine } from './offline/instance';
import { createAppRouter } from './router';
import { AppProviders } from './shell/app-providers';
import { startShell } from './shell/start';
import { setNotificationBell } from './shell/top-bar-slot';

const router = createAppRouter();
startShell(router);
startOfflineEngine();
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
