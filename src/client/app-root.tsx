import { RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LazyNotificationBell } from './features/notifications/lazy-notification-bell';
import { createAppRouter, type AppRouter } from './router';
import { setNotificationBell } from './shell/top-bar-slot';

/**
 * The routed app: the router, its route tree and the top bar's bell. main.tsx imports it at start with a
 * stored session, and after the sign-in of a visit that began on the standalone sign-in page.
 */
export function createRoutedApp(): { router: AppRouter; app: ReactNode } {
  setNotificationBell(<LazyNotificationBell />);
  const router = createAppRouter();
  return { router, app: <RouterProvider router={router} /> };
}
