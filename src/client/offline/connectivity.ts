import { useSyncExternalStore } from 'react';
import { createStore, Emitter } from '@/client/lib/store';

export type Connection = 'online' | 'offline' | 'poor';

/** An answer slower than this, while the browser says online, makes the connection "poor". */
export const SLOW_ANSWER_MS = 5_000;

/**
 * Whether the server answers, as far as the last requests tell: false after a request got no answer
 * at all, true again once one (or the probe) gets an answer or the browser reports `online`.
 */
export const serverReachableStore = createStore(true);
/** Requests ran into their deadline or answered slowly while the server was still found reachable. */
export const poorLinkStore = createStore(false);

/** Fired on every sign that the network works again, so waiting work goes at once. */
export const connectivitySigns = new Emitter<{ sign: [source: string] }>();

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

export function connection(): Connection {
  if (!browserOnline() || !serverReachableStore.get()) return 'offline';
  return poorLinkStore.get() ? 'poor' : 'online';
}

/** Online = the browser says so (`navigator.onLine`) and the server was not found unreachable. */
export function isOnline(): boolean {
  return connection() !== 'offline';
}

/**
 * A request got no answer. `timeout`: it ran into a deadline, so the link is at least poor; whether
 * the server is reachable at all, the probe decides.
 */
export function reportNetworkFailure(kind: 'unreachable' | 'timeout' = 'unreachable'): void {
  if (kind === 'timeout') poorLinkStore.set(true);
  else serverReachableStore.set(false);
}

/** A request got an answer (any status) after `elapsedMs`: the server is reachable. */
export function reportServerReached(elapsedMs = 0): void {
  const wasReachable = serverReachableStore.get();
  poorLinkStore.set(elapsedMs > SLOW_ANSWER_MS);
  serverReachableStore.set(true);
  if (!wasReachable) connectivitySigns.emit('sign', 'answer');
}

let listening = false;

/** The browser coming online gives the server a fresh chance (once per page). */
export function watchBrowserConnectivity(): void {
  if (listening || typeof window === 'undefined') return;
  listening = true;
  window.addEventListener('online', () => {
    serverReachableStore.set(true);
    connectivitySigns.emit('sign', 'online');
  });
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  const unsubscribers = [serverReachableStore.subscribe(onChange), poorLinkStore.subscribe(onChange)];
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
    unsubscribers.forEach((unsubscribe) => unsubscribe());
  };
}

/** Online, offline or poor: browser events, refined by failed, slow and answered requests. */
export function useConnection(): Connection {
  watchBrowserConnectivity();
  return useSyncExternalStore(subscribe, connection, () => 'online');
}

/** Whether the server can be reached (a poor connection still counts). */
export function useOnline(): boolean {
  return useConnection() !== 'offline';
}
