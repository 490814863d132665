import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
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

/** The router's own default for `defaultPendingMs`. */
const DEFAULT_PENDING_MS = 1000;

/**
 * Resolves once `router` has loaded the address the page opened (the session checked, the page's
 * route and its code loaded), or once the router's pending delay has passed, whichever comes first:
 * a slow session check then shows the pending screen as the router would have. Rendered after this,
 * the first render holds the whole first screen and the router does not load the address again when
 * it mounts.
 */
export function firstLoad(router: Pick<AnyRouter, 'load' | 'options'>): Promise<void> {
  const pendingMs = router.options.defaultPendingMs ?? DEFAULT_PENDING_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const delay = new Promise<void>((resolve) => (timer = setTimeout(resolve, pendingMs)));
  const loaded = router.load().catch(() => undefined);
  return Promise.race([loaded, delay]).finally(() => clearTimeout(timer));
}
