import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AlongsideMessage } from '@/client/shell/pwa/precache-worker';
import { storeAlongside } from '@/client/shell/pwa/store-alongside';
import { SW_MESSAGE, type PrecacheListMessage } from '@/domain/service-worker';

const LIST: PrecacheListMessage = {
  type: SW_MESSAGE.precacheList,
  cacheName: 'precache',
  items: [{ url: '/a.js', cacheKey: '/a.js', cache: 'default' }],
};

/** The installing service worker: a state and its `statechange` events. */
class Installing extends EventTarget {
  state: ServiceWorkerState = 'installing';
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event('statechange'));
  }
}

/** Stands in for the browser's dedicated worker: records what it is sent and whether it was ended. */
class StubWorker {
  static last: StubWorker | null = null;
  readonly url: string;
  readonly options: WorkerOptions | undefined;
  posted: AlongsideMessage[] = [];
  terminated = false;
  onmessage: ((event: MessageEvent<unknown>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  constructor(url: URL | string, options?: WorkerOptions) {
    this.url = String(url);
    this.options = options;
    StubWorker.last = this;
  }
  postMessage(message: AlongsideMessage) {
    this.posted.push(message);
  }
  terminate() {
    this.terminated = true;
  }
  answer(data: unknown) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
}

function start() {
  vi.stubGlobal('Worker', StubWorker);
  const installing = new Installing();
  const done = storeAlongside(LIST, installing as unknown as ServiceWorker);
  const worker = StubWorker.last!;
  return { installing, done, worker };
}

afterEach(() => {
  vi.unstubAllGlobals();
  StubWorker.last = null;
});

describe('storing a first install alongside, off the main thread', () => {
  it('hands the list to a module worker and ends it with the count it reports', async () => {
    const { done, worker } = start();
    expect(worker.url).toMatch(/precache-worker/);
    expect(worker.options?.type).toBe('module');
    expect(worker.posted).toEqual([{ type: 'start', list: LIST, concurrency: expect.any(Number) as number }]);
    worker.answer(7);
    await expect(done).resolves.toBe(7);
    expect(worker.terminated).toBe(true);
  });

  it('asks the worker to stop when the install is over, and waits for its answer before ending it', async () => {
    const { installing, done, worker } = start();
    installing.become('installed');
    installing.become('activating');
    expect(worker.posted.filter((message) => message.type === 'stop')).toEqual([{ type: 'stop' }]);
    // The fetches under way finish first: ending the worker now would cut them off.
    expect(worker.terminated).toBe(false);
    worker.answer(3);
    await expect(done).resolves.toBe(3);
    expect(worker.terminated).toBe(true);
  });

  it('stops the worker at once when the install ended while it was being made', async () => {
    vi.stubGlobal('Worker', StubWorker);
    const installing = new Installing();
    installing.state = 'activated';
    const done = storeAlongside(LIST, installing as unknown as ServiceWorker);
    const worker = StubWorker.last!;
    expect(worker.posted.map((message) => message.type)).toEqual(['start', 'stop']);
    worker.answer(0);
    await expect(done).resolves.toBe(0);
  });

  it('gives up quietly when the worker fails', async () => {
    const { done, worker } = start();
    worker.onerror?.(new Event('error'));
    await expect(done).resolves.toBe(0);
    expect(worker.terminated).toBe(true);
  });

  it('stores from the page where there are no workers', async () => {
    const fetched: string[] = [];
    const stored = new Map<string, Response>();
    vi.stubGlobal('caches', {
      open: () =>
        Promise.resolve({
          match: (key: string) => Promise.resolve(stored.get(key)),
          put: (key: string, response: Response) => Promise.resolve(void stored.set(key, response)),
        }),
    });
    vi.stubGlobal('fetch', (url: string) => {
      fetched.push(url);
      return Promise.resolve({ status: 200, redirected: false } as Response);
    });
    vi.stubGlobal('Worker', undefined);
    const count = await storeAlongside(LIST, new Installing() as unknown as ServiceWorker);
    expect(count).toBe(1);
    expect(fetched).toEqual(['/a.js']);
  });
});
