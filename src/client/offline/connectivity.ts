import { useSyncExternalStore } from 'react';
import { createValueStore } from './store';

/**
 * Whether the server answers, as far as the last requests tell: false after a request got no answer
 * at all, true again once one gets an answer or the browser reports `online`.
 */
export const serverReachableStore = createValueStore(true);

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Online = the browser says so (`navigator.onLine`) and the server was not found unreachable. */
export function isOnline(): boolean {
  return browserOnline() && serverReachableStore.get();
}

/** A request got no answer: the indicator shows offline even if the browser thinks otherwise. */
export function reportNetworkFailure(): void {
  serverReachableStore.set(false);
}

/** A request got an answer (any status): the server is reachable. */
export function reportServerReached(): void {
  serverReachableStore.set(true);
}

let listening = false;

/** The browser coming online gives the server a fresh chance (once per page). */
export function watchBrowserConnectivity(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', () => serverReachableStore.set(true));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  const unsubscribe = serverReachableStore.subscribe(onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    unsubscribe();
  };
}

/** Drives the online/offline indicator: browser events, refined by failed and answered requests. */
export function useOnline(): boolean {
  watchBrowserConnectivity();
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
