import { useEffect } from 'react';
import { registerServiceWorker } from './service-worker-registration';
import { UpdatePrompt } from './update-prompt';

/**
 * Registers the service worker (production builds only — the dev server has none) and shows the update
 * prompt. Without the router: the sign-in page of a first visit has it too (standalone-login.tsx), so
 * the app is stored for offline use while someone signs in.
 */
export function ServiceWorkerHost() {
  useEffect(() => {
    if (import.meta.env.PROD) void registerServiceWorker();
  }, []);
  return <UpdatePrompt />;
}
