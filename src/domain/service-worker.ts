/**
 * Messages between the service worker (sw/) and the app (src/client). Both sides import these
 * names so a renamed message cannot silently stop working on one side.
 */
export const SW_MESSAGE = {
  /** Worker → app: go to `url` (a same-origin path), e.g. after a notification click. */
  navigate: 'NAVIGATE',
  /** Worker → app: the browser fired a background `sync`; the offline engine replays its outbox. */
  replayOutbox: 'REPLAY_OUTBOX',
  /** App → waiting worker: activate now (the user accepted the update prompt). */
  skipWaiting: 'SKIP_WAITING',
} as const;

export interface NavigateMessage {
  type: typeof SW_MESSAGE.navigate;
  url: string;
}
export interface ReplayOutboxMessage {
  type: typeof SW_MESSAGE.replayOutbox;
  tag: string;
}
export type WorkerToAppMessage = NavigateMessage | ReplayOutboxMessage;

/** The service worker's URL and scope (served at the site root). */
export const SERVICE_WORKER_URL = '/service-worker.js';
export const SERVICE_WORKER_SCOPE = '/';

/** Where a notification without a link takes the user. */
export const DEFAULT_NOTIFICATION_URL = '/notifications';

/** Background-sync tag the offline engine registers for its outbox. */
export const OUTBOX_SYNC_TAG = 'outbox';

/** Turns a link from a notification into a same-origin path, or null when it leaves the origin. */
export function toSameOriginPath(link: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(link, origin);
  } catch {
    return null;
  }
  if (url.origin !== origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
