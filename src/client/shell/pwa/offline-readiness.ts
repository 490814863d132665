import {
  precachePercent,
  SERVICE_WORKER_SCOPE,
  SERVICE_WORKER_URL,
  SW_MESSAGE,
  type PrecacheProgressMessage,
} from '@/domain/service-worker';
import { createStore, useStore } from '@/client/lib/store';
import { onWorkerMessage } from '@/client/lib/worker-messages';
import { storeAlongside } from './store-alongside';

/**
 * Whether this device can open the app without a connection, as people and monitoring see it:
 * - `insecure`: plain HTTP to another machine — no service worker, so never (the banner explains);
 * - `unsupported`: the browser has no service workers;
 * - `idle`: nothing asked yet (development builds have no service worker);
 * - `preparing`: the service worker is storing the app; `percent` of it is stored;
 * - `paused`: storing stopped (the connection dropped); it resumes where it stopped;
 * - `ready`: an active service worker holds what the field needs — the shell, sign-in, the screens of
 *   the modules mirrored on the device, the PDF fonts: the app opens offline and those screens work.
 *   The desk screens (administration, analytics, AI) are stored right after, in the background;
 *   `offlineComplete` says when they are (`<html data-offline-complete>`).
 */
export type OfflineReadiness =
  | { state: 'insecure' }
  | { state: 'unsupported' }
  | { state: 'idle' }
  | { state: 'ready' }
  | { state: 'preparing'; percent: number }
  | { state: 'paused'; percent: number };

/** While storing is paused, try again this often (and at once when the connection returns). */
const RETRY_MS = 30_000;

function initialReadiness(): OfflineReadiness {
  if (typeof window === 'undefined') return { state: 'idle' };
  // Strictly false: environments that do not know the property (test DOMs) are not called insecure.
  if (window.isSecureContext === false) return { state: 'insecure' };
  if (!('serviceWorker' in navigator)) return { state: 'unsupported' };
  return { state: 'idle' };
}

export const offlineReadiness = createStore<OfflineReadiness>(initialReadiness());

/** `<html data-offline-ready="true|false">`, for tests and for monitoring. */
function reflect(readiness: OfflineReadiness) {
  if (typeof document !== 'undefined') {
    document.documentElement.dataset.offlineReady = String(readiness.state === 'ready');
  }
}
reflect(offlineReadiness.get());
offlineReadiness.subscribe(() => reflect(offlineReadiness.get()));

/**
 * The worker could not be registered (the browser refused it, a policy blocks it): this page will not
 * store the app, and nothing should wait for it to — the tablet's keep-open request goes.
 */
export function registrationFailed(): void {
  if (offlineReadiness.get().state === 'idle') offlineReadiness.set({ state: 'unsupported' });
}

export function useOfflineReadiness(): OfflineReadiness {
  return useStore(offlineReadiness);
}

/** Whether the desk screens are stored as well, i.e. every screen opens offline. */
export const offlineComplete = createStore<boolean>(false);
function reflectComplete(complete: boolean) {
  if (typeof document !== 'undefined') document.documentElement.dataset.offlineComplete = String(complete);
}
reflectComplete(offlineComplete.get());
offlineComplete.subscribe(() => reflectComplete(offlineComplete.get()));

export function useOfflineComplete(): boolean {
  return useStore(offlineComplete);
}

const percentOf = (readiness: OfflineReadiness) => ('percent' in readiness ? readiness.percent : -1);

/**
 * How often a new percentage is shown at most while storing: the worker reports every file, and every
 * report re-rendered the top bar's chip and the keep-open card while the first screen was starting.
 * A change of state (paused, ready) shows at once.
 */
const PROGRESS_EVERY_MS = 500;
let progressShownAt = Number.NEGATIVE_INFINITY;
let progressTimer: ReturnType<typeof setTimeout> | undefined;

function set(next: OfflineReadiness) {
  clearTimeout(progressTimer);
  progressTimer = undefined;
  const current = offlineReadiness.get();
  if (current.state !== next.state) {
    offlineReadiness.set(next);
    return;
  }
  if (percentOf(current) === percentOf(next)) return;
  const wait = progressShownAt + PROGRESS_EVERY_MS - Date.now();
  if (wait <= 0) {
    progressShownAt = Date.now();
    offlineReadiness.set(next);
  } else {
    progressTimer = setTimeout(() => set(next), wait);
  }
}

export interface TrackOptions {
  /** Registers the worker again after a first install failed (the browser then drops the registration). */
  register?: () => Promise<ServiceWorkerRegistration>;
}

let stopTracking: (() => void) | null = null;

/**
 * Follows a registration until the app is stored: progress reports of the installing worker, its
 * activation, and a failed first install (retried when the connection returns and every RETRY_MS).
 * An update that installs while a version is active does not make the device unready.
 */
export function trackOfflineReadiness(
  registration: ServiceWorkerRegistration,
  options: TrackOptions = {},
): () => void {
  stopTracking?.();
  const register =
    options.register ??
    (() => navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: SERVICE_WORKER_SCOPE }));
  const cleanups: Array<() => void> = [];
  let current = registration;
  let retryTimer: ReturnType<typeof setInterval> | undefined;
  let lastPercent = 0;
  let helping = false;

  // The active worker stores the desk screens when asked; asked again when the connection returns,
  // since a run the connection interrupted stops.
  const askForRest = () => {
    if (!offlineComplete.get()) current.active?.postMessage({ type: SW_MESSAGE.storeRest });
  };
  window.addEventListener('online', askForRest);
  cleanups.push(() => window.removeEventListener('online', askForRest));

  const stopRetrying = () => {
    clearInterval(retryTimer);
    retryTimer = undefined;
    window.removeEventListener('online', retry);
  };
  function retry() {
    if (!navigator.onLine) return;
    stopRetrying();
    set({ state: 'preparing', percent: lastPercent });
    register().then(follow, () => pause());
  }
  const pause = () => {
    if (current.active) return;
    set({ state: 'paused', percent: lastPercent });
    if (retryTimer === undefined) {
      window.addEventListener('online', retry);
      retryTimer = setInterval(retry, RETRY_MS);
    }
  };

  const watch = (worker: ServiceWorker) => {
    const onState = () => {
      if (worker.state === 'activated') {
        stopRetrying();
        set({ state: 'ready' });
        askForRest();
      } else if (worker.state === 'redundant') {
        pause();
      }
    };
    worker.addEventListener('statechange', onState);
    cleanups.push(() => worker.removeEventListener('statechange', onState));
    // A page opened while the worker installs learns how far it got.
    if (worker.state === 'installing') worker.postMessage({ type: SW_MESSAGE.precacheStatus });
    onState();
  };

  function follow(next: ServiceWorkerRegistration) {
    current = next;
    // `watch` asks the active worker for the desk screens.
    if (next.active) set({ state: 'ready' });
    else if (next.installing || next.waiting) set({ state: 'preparing', percent: lastPercent });
    for (const worker of [next.installing, next.waiting, next.active]) if (worker) watch(worker);
    const onUpdate = () => {
      if (next.installing) watch(next.installing);
      if (!next.active) set({ state: 'preparing', percent: lastPercent });
    };
    next.addEventListener('updatefound', onUpdate);
    cleanups.push(() => next.removeEventListener('updatefound', onUpdate));
  }

  cleanups.push(
    onWorkerMessage(SW_MESSAGE.precacheProgress, (message: PrecacheProgressMessage) => {
      if (current.active) return;
      lastPercent = precachePercent(message);
      if (message.phase === 'failed') pause();
      else set({ state: 'preparing', percent: lastPercent });
    }),
    onWorkerMessage(SW_MESSAGE.precacheComplete, () => offlineComplete.set(true)),
    // A first install: the page stores files alongside the worker, which may only fetch three at a
    // time. Updates install in the background without the page's help.
    onWorkerMessage(SW_MESSAGE.precacheList, (list) => {
      if (helping || current.active || !current.installing || typeof caches === 'undefined') return;
      helping = true;
      const installing = current.installing;
      void storeAlongside(list, installing).finally(() => {
        helping = false;
      });
    }),
  );
  follow(registration);

  const stop = () => {
    stopRetrying();
    for (const cleanup of cleanups.splice(0)) cleanup();
    clearTimeout(progressTimer);
    progressTimer = undefined;
    if (stopTracking === stop) stopTracking = null;
  };
  stopTracking = stop;
  return stop;
}

/** Back to the start (tests only). */
export function resetOfflineReadiness(): void {
  stopTracking?.();
  progressShownAt = Number.NEGATIVE_INFINITY;
  offlineReadiness.set(initialReadiness());
  offlineComplete.set(false);
}
