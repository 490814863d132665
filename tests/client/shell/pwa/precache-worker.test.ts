import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlongsideMessage } from '@/client/shell/pwa/precache-worker';
import { SW_MESSAGE, type PrecacheListMessage } from '@/domain/service-worker';

const LIST: PrecacheListMessage = {
  type: SW_MESSAGE.precacheList,
  cacheName: 'precache',
  items: ['/a.js', '/b.js', '/c.js', '/d.js'].map((url) => ({ url, cacheKey: url, cache: 'default' })),
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

/** Loads the worker's module into this scope, with fetches the test answers one by one. */
async function loadWorker() {
  const pending: { url: string; answer: () => void }[] = [];
  const stored: string[] = [];
  vi.stubGlobal('caches', {
    open: () =>
      Promise.resolve({
        match: () => Promise.resolve(undefined),
        put: (key: string) => Promise.resolve(void stored.push(key)),
      }),
  });
  vi.stubGlobal(
    'fetch',
    (url: string) =>
      new Promise<Response>((resolve) =>
        pending.push({ url, answer: () => resolve({ status: 200, redirected: false } as Response) }),
      ),
  );
  const posted: unknown[] = [];
  const close = vi.fn();
  vi.stubGlobal('postMessage', (data: unknown) => posted.push(data));
  vi.stubGlobal('close', close);
  await import('@/client/shell/pwa/precache-worker');
  const receive = (message: AlongsideMessage) =>
    (globalThis as unknown as { onmessage: (event: { data: AlongsideMessage }) => void }).onmessage({
      data: message,
    });
  return { pending, stored, posted, close, receive };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the worker that stores a first install beside the service worker', () => {
  it('stores every file, answers with the count and ends itself', async () => {
    const { pending, stored, posted, close, receive } = await loadWorker();
    receive({ type: 'start', list: LIST, concurrency: 2 });
    while (stored.length < LIST.items.length) {
      await settle();
      pending.shift()?.answer();
    }
    await settle();
    expect(stored).toEqual(['/a.js', '/b.js', '/c.js', '/d.js']);
    expect(posted).toEqual([4]);
    expect(close).toHaveBeenCalledOnce();
  });

  it('on stop, finishes the fetches under way, starts none and only then answers', async () => {
    const { pending, stored, posted, close, receive } = await loadWorker();
    receive({ type: 'start', list: LIST, concurrency: 2 });
    await settle();
    expect(pending.map((fetch) => fetch.url)).toEqual(['/a.js', '/b.js']);
    receive({ type: 'stop' });
    await settle();
    // Still waiting for the two in flight: no answer yet, the worker still alive.
    expect(posted).toEqual([]);
    expect(close).not.toHaveBeenCalled();
    for (const fetch of pending.splice(0)) fetch.answer();
    await settle();
    expect(stored).toEqual(['/a.js', '/b.js']);
    expect(pending).toEqual([]);
    expect(posted).toEqual([2]);
    expect(close).toHaveBeenCalledOnce();
  });
});
