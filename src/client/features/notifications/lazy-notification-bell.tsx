import { Box } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { WhenEngineReady } from '@/client/offline/engine-context';
import { QuietBoundary } from '@/client/ui/quiet-boundary';

const NotificationBell = lazy(() =>
  import('./notification-bell').then((module) => ({ default: module.NotificationBell })),
);

/**
 * The bell for the top-bar slot (`setNotificationBell`), loaded with the offline engine (it follows the
 * live connection and shares its record schemas): after the signed-in screen's first paint, never on
 * the login page.
 */
export function LazyNotificationBell() {
  return (
    <WhenEngineReady>
      {/* The bell's place while its chunk loads (the top bar keeps it before the engine is there). */}
      <QuietBoundary>
        <Suspense fallback={<Box w={44} h={44} aria-hidden />}>
          <NotificationBell />
        </Suspense>
      </QuietBoundary>
    </WhenEngineReady>
  );
}
