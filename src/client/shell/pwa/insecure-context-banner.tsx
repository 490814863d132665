import { lazy, Suspense } from 'react';
import { useOfflineReadiness } from './offline-readiness';

// Loaded only without HTTPS on another machine: a secure first load leaves the alert out.
const InsecureContextAlert = lazy(() =>
  import('./insecure-context-alert').then((module) => ({ default: module.InsecureContextAlert })),
);

/** The notice that the app runs without HTTPS (see insecure-context-alert.tsx), when it does. */
export function InsecureContextBanner() {
  const readiness = useOfflineReadiness();
  if (readiness.state !== 'insecure') return null;
  return (
    <Suspense fallback={null}>
      <InsecureContextAlert />
    </Suspense>
  );
}
