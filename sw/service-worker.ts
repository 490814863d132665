/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  PrecacheController,
  PrecacheRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { DEFAULT_APP_NAME } from '@/domain/constants';
import { SW_MESSAGE, type PrecacheListMessage, type PrecacheProgressMessage } from '@/domain/service-worker';
import {
  focusOrOpenWindow,
  isCacheableApiRequest,
  NAVIGATION_DENYLIST,
  parsePushPayload,
  postToWindows,
  userScopedCacheKey,
} from './handlers';
import { installInOrder, restStorer, throttled, type PrecacheTally } from './precache-install';

/**
 * The build adds `bytes` (the file's size) to each entry, to weigh the progress it reports, and its
 * `tier` (sw/precache-order.ts): 0 and 1 are stored by the install, 2 after it.
 */
type SizedEntry = PrecacheEntry & { bytes?: number; tier?: number };

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<SizedEntry | string>;
};

/**
 * Files fetched at once: HTTP/2 carries them over one connection. While the worker installs,
 * Chromium lets it have only three outstanding (the page stores files alongside then, see
 * PRECACHE_LIST); the desk screens stored after activation are not held back.
 */
const PRECACHE_CONCURRENCY = 32;
const PROGRESS_INTERVAL_MS = 250;

// The build injects the app shell and every route chunk here, field screens first, so every screen
// opens offline after one online visit.
const manifest = self.__WB_MANIFEST;
const precache = new PrecacheController();
precache.addToCacheList(manifest);
registerRoute(new PrecacheRoute(precache));
cleanupOutdatedCaches();

const allItems = [...precache.getURLsToCacheKeys()].map(([url, cacheKey], index) => {
  const entry = manifest[index];
  const revisioned = typeof entry === 'object' && !!entry.revision;
  const bytes = typeof entry === 'object' && entry.bytes ? entry.bytes : 1;
  const tier = typeof entry === 'object' && entry.tier !== undefined ? entry.tier : 0;
  // Revisioned files (index.html, icons, fonts) are revalidated with the server ('no-cache': an
  // unchanged file costs a 304, and a page fetching the same file at the same time is waited for
  // rather than downloaded twice, which 'reload' would do). Hashed ones are taken from the HTTP
  // cache when the page loaded them already (served immutable), so they cross the network once.
  return { url, cacheKey, cache: (revisioned ? 'no-cache' : 'default') as RequestCache, bytes, tier };
});
type Item = (typeof allItems)[number];
// The install stores what the field needs (shell, sign-in, the mirrored modules' screens, PDF
// fonts): once that is stored the worker activates and the device is ready for offline use. The
// desk screens (administration, analytics, AI) follow in the background.
const items = allItems.filter((item) => item.tier < 2);
const restItems = allItems.filter((item) => item.tier >= 2);

let progress: PrecacheProgressMessage = {
  type: SW_MESSAGE.precacheProgress,
  phase: 'installing',
  doneFiles: 0,
  totalFiles: items.length,
  doneBytes: 0,
  totalBytes: items.reduce((sum, item) => sum + item.bytes, 0),
};
const report = throttled((message: PrecacheProgressMessage) => {
  void postToWindows(self.clients, message);
}, PROGRESS_INTERVAL_MS);
const setProgress = (phase: PrecacheProgressMessage['phase'], tally: PrecacheTally) => {
  progress = { type: SW_MESSAGE.precacheProgress, phase, ...tally };
  report.push(progress);
  if (phase !== 'installing') report.flush();
};

let precacheCache: Promise<Cache> | undefined;
/**
 * Stores one file under its precache key — unless an interrupted earlier attempt (or the page, see
 * PRECACHE_LIST) stored it already — as workbox's precache strategy would in an install: status 200,
 * redirects copied. One function for the install and for the desk screens after it, which workbox's
 * strategy would not store outside an install event.
 */
async function storeFile(item: Item): Promise<void> {
  const cache = await (precacheCache ??= caches.open(precache.strategy.cacheName));
  if (await cache.match(item.cacheKey)) return;
  const response = await fetch(
    new Request(item.url, {
      integrity: precache.getIntegrityForCacheKey(item.cacheKey),
      cache: item.cache,
      credentials: 'same-origin',
    }),
  );
  if (response.status !== 200)
    throw new Error(`Storing ${item.url} for offline use failed: ${response.status}`);
  // A redirected response cannot answer a navigation: keep a copy without the flag.
  const stored = response.redirected
    ? new Response(await response.blob(), { headers: response.headers, status: response.status })
    : response;
  await cache.put(item.cacheKey, stored);
}

self.addEventListener('install', (event) => {
  setProgress('installing', progress);
  event.waitUntil(
    installInOrder(items, {
      store: storeFile,
      concurrency: PRECACHE_CONCURRENCY,
      onProgress: (tally) => setProgress('installing', tally),
    }).then(
      (tally) => setProgress('installed', tally),
      (error: unknown) => {
        setProgress('failed', progress);
        throw error;
      },
    ),
  );
});
self.addEventListener('activate', (event) => {
  void precache.activate(event);
});

// The desk screens, stored after the install by the active worker when a window asks (STORE_REST,
// sent whenever a page finds the worker active, so an interrupted run continues on the next visit).
// Not in the activate event: the worker only answers requests once activation has finished.
const rest = restStorer(restItems, { store: storeFile, concurrency: PRECACHE_CONCURRENCY });

// A first install takes the open tab at once; later versions wait for the update prompt (SKIP_WAITING).
clientsClaim();

registerRoute(
  new NavigationRoute(precache.createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }),
);

registerRoute(
  ({ url, request }) =>
    request.method === 'GET' && url.origin === self.location.origin && url.pathname.startsWith('/uploads/'),
  new CacheFirst({
    cacheName: 'uploads',
    // Stored upload names are random and never rewritten, so a cached copy stays correct.
    plugins: [
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

registerRoute(
  ({ url, request }) => isCacheableApiRequest(url, request.method, self.location.origin),
  new NetworkFirst({
    cacheName: 'api',
    networkTimeoutSeconds: 4,
    plugins: [
      { cacheKeyWillBeUsed: async ({ request }) => userScopedCacheKey(request) },
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 7 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('message', (event) => {
  const data: unknown = event.data;
  const type = data && typeof data === 'object' ? (data as { type?: unknown }).type : undefined;
  if (type === SW_MESSAGE.skipWaiting) void self.skipWaiting();
  // A page opened while this worker installs asks how far it got.
  if (type === SW_MESSAGE.precacheStatus) {
    event.source?.postMessage(progress);
    // The page may store the files itself, many at a time (pages ask while a worker installs):
    // Chromium lets an installing worker have only three requests outstanding. The install then
    // finds them stored.
    const list: PrecacheListMessage = {
      type: SW_MESSAGE.precacheList,
      cacheName: precache.strategy.cacheName,
      items: items.map(({ url, cacheKey, cache }) => ({ url, cacheKey, cache })),
    };
    event.source?.postMessage(list);
  }
  // Pages send this to the active worker. Versions share one precache cache (entries are keyed by
  // revision and activation drops the old version's), so storing early does no harm either.
  if (type === SW_MESSAGE.storeRest) {
    event.waitUntil(
      rest.run().then(async (complete) => {
        if (complete) await postToWindows(self.clients, { type: SW_MESSAGE.precacheComplete });
      }),
    );
  }
});

self.addEventListener('push', (event) => {
  const content = parsePushPayload(event.data, self.location.origin, DEFAULT_APP_NAME);
  event.waitUntil(
    self.registration.showNotification(content.title, {
      body: content.body,
      icon: '/pwa-192x192.png',
      badge: '/pwa-192x192.png',
      tag: content.tag,
      data: { url: content.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data: unknown = event.notification.data;
  const link = data && typeof data === 'object' ? (data as { url?: unknown }).url : undefined;
  event.waitUntil(focusOrOpenWindow(self.clients, self.location.origin, link));
});

// Background sync only wakes the app: the outbox lives in IndexedDB and is replayed by the offline
// engine (src/client/offline), which listens for REPLAY_OUTBOX, runs one replayer across tabs and
// owns retries. Replaying here as well would add a second writer. With no window open the sync is
// reported as failed so the browser tries again later; the app also replays on its next start.
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag: string };
  sync.waitUntil(
    postToWindows(self.clients, { type: SW_MESSAGE.replayOutbox, tag: sync.tag }).then((windows) => {
      if (windows === 0) throw new Error('No window open to replay the outbox');
    }),
  );
});
