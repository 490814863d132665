import { ServiceWorkerHost } from './service-worker-host';
import { useWorkerNavigation } from './use-worker-navigation';

/**
 * The PWA's part of the shell: registers the service worker, follows NAVIGATE messages and shows the
 * update prompt. Render once inside the router (the root layout).
 */
export function PwaManager() {
  useWorkerNavigation();
  return <ServiceWorkerHost />;
}
