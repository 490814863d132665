import { useEffect } from 'react';
import { whenSettled } from '@/client/lib/when-settled';
import { registerServiceWorker } from './service-worker-registration';
import { UpdatePrompt } from './update-prompt';

/**
 * Registers the service worker (production builds only — the dev server has none) and shows the update
 * prompt. Without the router: the sign-in page of a first visit has it too (standalone-login.tsx), so
 * the app is stored for offline use while someone signs in.
 *
 * Registration waits until the page has loaded and its main thread has settled (at most a few seconds
 * after the load event): a first install downloads and stores the whole app, and doing that while the
 * first screen and the offline engine start made a slow tablet's first screen answer taps late. Storing
 * starts a moment later and is still done well within the time the field needs.
 */
export function ServiceWorkerHost() {
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    return whenSettled(() => void registerServiceWorker());
  }, []);
  return <UpdatePrompt />;
}
