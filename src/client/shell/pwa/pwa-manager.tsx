import { useEffect } from 'react';
import { registerServiceWorker } from './service-worker-registration';
import { UpdatePrompt } from './update-prompt';
import { useWorkerNavigation } from './use-worker-navigation';

/**
 * The PWA's part of the shell: registers the service worker (production builds only — the dev
 * server has none), follows NAVIGATE messages and shows the update prompt. Render once inside the
 * router (the root layout).
 */
export function PwaManager() {
  useWorkerNavigation();
  useEffect(() => {
    if (import.meta.env.PROD) void registerServiceWorker();
  }, []);
  return <UpdatePrompt />;
}
