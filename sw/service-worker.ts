/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { DEFAULT_APP_NAME } from '@/domain/constants';
import { SW_MESSAGE } from '@/domain/service-worker';
import {
  focusOrOpenWindow,
  isCacheableApiRequest,
  NAVIGATION_DENYLIST,
  parsePushPayload,
  postToWindows,
  userScopedCacheKey,
} from './handlers';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

// The build injects the app shell and every route chunk here, so every screen opens offline after
// one online visit (ARCHITECTURE §6).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A first install takes the open tab at once; later versions wait for the update prompt (SKIP_WAITING).
clientsClaim();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

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
  if (data && typeof data === 'object' && (data as { type?: unknown }).type === SW_MESSAGE.skipWaiting) {
    void self.skipWaiting();
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
