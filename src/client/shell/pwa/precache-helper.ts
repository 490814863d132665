import type { PrecacheListMessage } from '@/domain/service-worker';

/**
 * Files the page fetches at once: HTTP/2 carries them over one connection. Over HTTP/1.1 (a browser
 * opens six connections to a server) a few, so the page's own files are not queued behind them.
 */
const HTTP2_CONCURRENCY = 32;
const HTTP1_CONCURRENCY = 2;

export function defaultConcurrency(): number {
  const navigation = performance.getEntriesByType?.('navigation')[0] as
    PerformanceNavigationTiming | undefined;
  return navigation?.nextHopProtocol === 'h2' || navigation?.nextHopProtocol === 'h3'
    ? HTTP2_CONCURRENCY
    : HTTP1_CONCURRENCY;
}

/**
 * Stores the files of a first install from the page's side (a dedicated worker, `store-alongside.ts`),
 * alongside the installing service worker. Chromium lets an installing service worker have only three
 * requests outstanding; on a link with a 400 ms round trip that is about seven files a second, and the
 * app is two hundred. The page has no such limit.
 * Each file goes into the worker's cache under the worker's key, exactly as the worker stores it
 * (status 200, not redirected); the worker's install finds it there and moves on. Files stored
 * already are skipped. Anything unexpected ends the page's part quietly: the worker stores what is
 * left, and its progress and errors are what the app shows. Stops starting files once
 * `keepGoing()` is false (the worker finished or failed).
 */
export async function storeAlongsideInstall(
  list: PrecacheListMessage,
  keepGoing: () => boolean,
  concurrency = defaultConcurrency(),
): Promise<number> {
  let stored = 0;
  try {
    const cache = await caches.open(list.cacheName);
    let next = 0;
    let stop = false;
    const lane = async () => {
      while (!stop && next < list.items.length && keepGoing()) {
        const item = list.items[next++]!;
        if (await cache.match(item.cacheKey)) continue;
        // Low priority: the screens the user is opening load first.
        const response = await fetch(item.url, {
          cache: item.cache,
          credentials: 'same-origin',
          priority: 'low',
        });
        if (response.status !== 200 || response.redirected) {
          stop = true;
          return;
        }
        await cache.put(item.cacheKey, response);
        stored += 1;
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  } catch {
    // Offline, storage full, no Cache Storage: the worker's own install reports it.
  }
  return stored;
}
