import { Workbox } from 'workbox-window';
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from '@/domain/service-worker';
import { createStore, useStore } from '@/client/lib/store';
import { registrationFailed, trackOfflineReadiness } from './offline-readiness';

/** How often an open tab asks the server for a new service worker. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** True while a new version is installed and waits for the user's word. */
const updateAvailable = createStore(false);
let workbox: Workbox | null = null;
/** Set only when this tab asked for the update: a tab never reloads because another tab did. */
let reloadRequested = false;

export interface RegisterOptions {
  /** Replaced in tests. */
  createWorkbox?: (url: string, scope: string) => Workbox;
  reload?: () => void;
}

let reloadPage: () => void = () => window.location.reload();

/**
 * Registers `/service-worker.js` (scope `/`) when the browser supports service workers. A failure is
 * only logged: the app works without offline support. Returns the Workbox instance or null.
 */
export async function registerServiceWorker(options: RegisterOptions = {}): Promise<Workbox | null> {
  if (workbox) return workbox;
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return null;
  if (options.reload) reloadPage = options.reload;
  const create = options.createWorkbox ?? ((url, scope) => new Workbox(url, { scope }));
  const wb = create(SERVICE_WORKER_URL, SERVICE_WORKER_SCOPE);
  workbox = wb;

  wb.addEventListener('waiting', () => updateAvailable.set(true));
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate && reloadRequested) reloadPage();
  });

  try {
    // The host calls this once the page has loaded and settled (service-worker-host.tsx): Workbox's own
    // wait for the load event would only add to it.
    const registration = await wb.register({ immediate: true });
    if (registration) {
      trackOfflineReadiness(registration);
      const timer = setInterval(() => {
        if (document.visibilityState === 'visible' && navigator.onLine) {
          registration
            .update()
            .catch((error: unknown) => console.warn('Service worker update check failed', error));
        }
      }, UPDATE_CHECK_MS);
      // A page that is never closed must not keep Node-style timers in tests alive.
      (timer as { unref?: () => void }).unref?.();
    }
  } catch (error) {
    console.error('Service worker registration failed', error);
    registrationFailed();
  }
  return wb;
}

/**
 * Activates the waiting version; the page reloads once it controls this tab. Callers check for
 * unsaved input first (see client/lib/unsaved-changes.ts).
 */
export async function applyUpdate(): Promise<void> {
  reloadRequested = true;
  const registration = await navigator.serviceWorker?.getRegistration(SERVICE_WORKER_SCOPE);
  if (workbox && registration?.waiting) {
    workbox.messageSkipWaiting();
    return;
  }
  // Another tab already activated the new version: this tab only needs to load it.
  reloadPage();
}

export function dismissUpdate(): void {
  updateAvailable.set(false);
}

export function useUpdateAvailable(): boolean {
  return useStore(updateAvailable);
}

/** Forgets the registration (tests only). */
export function resetServiceWorkerRegistration(): void {
  workbox = null;
  reloadRequested = false;
  reloadPage = () => window.location.reload();
  updateAvailable.set(false);
}
