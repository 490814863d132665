import { lazy, Suspense } from 'react';

const NotificationBell = lazy(() =>
  import('./notification-bell').then((module) => ({ default: module.NotificationBell })),
);

/**
 * The bell for the top-bar slot (`setNotificationBell`), loaded with the signed-in shell rather than
 * with the login page.
 */
export function LazyNotificationBell() {
  return (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  );
}
