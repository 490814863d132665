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
  /** Worker → app: how far storing the app for offline use has got (sent while installing). */
  precacheProgress: 'PRECACHE_PROGRESS',
  /** App → installing worker: send your PRECACHE_PROGRESS now (a page loaded mid-install asks). */
  precacheStatus: 'PRECACHE_STATUS',
  /**
   * App → active worker: store the files left out of the install (the desk screens), unless they
   * are stored already; the worker answers every window with PRECACHE_COMPLETE once all are.
   */
  storeRest: 'STORE_REST',
  /** Worker → app: every file of the app is stored, the desk screens too. */
  precacheComplete: 'PRECACHE_COMPLETE',
  /**
   * Installing worker → app, with its answer to PRECACHE_STATUS: the files its install stores, so a
   * page can store them too. Chromium lets an installing worker have only three requests
   * outstanding (a round trip per three files on a slow link); a page has no such limit.
   */
  precacheList: 'PRECACHE_LIST',
} as const;

export interface NavigateMessage {
  type: typeof SW_MESSAGE.navigate;
  url: string;
}
export interface ReplayOutboxMessage {
  type: typeof SW_MESSAGE.replayOutbox;
  tag: string;
}
/**
 * Storing the app for offline use while the worker installs: bytes of the files stored so far, of
 * all the install stores (the shell and the field's screens; the desk screens follow after it).
 */
export interface PrecacheProgressMessage {
  type: typeof SW_MESSAGE.precacheProgress;
  /** `installing` while files are stored; `installed` when all are; `failed` when one could not be fetched. */
  phase: 'installing' | 'installed' | 'failed';
  doneFiles: number;
  totalFiles: number;
  doneBytes: number;
  totalBytes: number;
}
export interface PrecacheCompleteMessage {
  type: typeof SW_MESSAGE.precacheComplete;
}
/** One file the install stores: fetched from `url` as `cache` says, stored under `cacheKey`. */
export interface PrecacheListItem {
  url: string;
  cacheKey: string;
  cache: RequestCache;
}
export interface PrecacheListMessage {
  type: typeof SW_MESSAGE.precacheList;
  /** The Cache Storage cache the worker answers from. */
  cacheName: string;
  items: PrecacheListItem[];
}
export type WorkerToAppMessage =
  | NavigateMessage
  | ReplayOutboxMessage
  | PrecacheProgressMessage
  | PrecacheCompleteMessage
  | PrecacheListMessage;

/** Whole percent of a progress report, 100 only when every file is stored. */
export function precachePercent(
  progress: Pick<PrecacheProgressMessage, 'doneBytes' | 'totalBytes' | 'doneFiles' | 'totalFiles'>,
): number {
  if (progress.doneFiles >= progress.totalFiles) return 100;
  if (progress.totalBytes <= 0) return 0;
  return Math.min(99, Math.floor((progress.doneBytes / progress.totalBytes) * 100));
}

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
