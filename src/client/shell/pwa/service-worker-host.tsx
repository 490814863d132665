import { useEffect } from 'react';
import { getStoredToken } from '@/client/api/client';
import { whenSettled } from '@/client/lib/when-settled';
import { appEngineLoaded } from '@/client/offline/app-engine';
import { registerServiceWorker } from './service-worker-registration';
import { UpdatePrompt } from './update-prompt';

/**
 * Registers the service worker (production builds only — the dev server has none) and shows the update
 * prompt. Without the router: the sign-in page of a first visit has it too (standalone-login.tsx), so
 * the app is stored for offline use while someone signs in.
 *
 * Registration waits until the page has loaded, a signed-in start has its offline engine running, and
 * the main thread has then been quiet for a moment (at most a few seconds after the load event): a
 * first install downloads and stores the whole app, and doing that while the first screen and the
 * engine started made a slow tablet's first screen answer taps late. Storing starts a moment later and
 * is still done well within the time the field needs.
 */
export function ServiceWorkerHost() {
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    return whenSettled(() => void registerServiceWorker(), {
      after: getStoredToken() ? appEngineLoaded() : undefined,
    });
  }, []);
  return <UpdatePrompt />;
}
