import type { PrecacheListMessage } from '@/domain/service-worker';
import { defaultConcurrency, storeAlongsideInstall } from './precache-helper';
import type { AlongsideMessage } from './precache-worker';

/**
 * Stores a first install's files beside the installing service worker (`storeAlongsideInstall`), from a
 * dedicated worker where the browser has them. A first install is two hundred fetches and cache
 * writes, and on the page's main thread they came in bursts right after the first screen had painted:
 * about 300 ms of a slow machine's main thread while the user began to work, in tasks long enough to
 * hold up a tap. When the install is over the worker is told to stop: it lets the fetches under way
 * finish, answers with how many files it stored and ends. Without workers (test DOMs) the page stores
 * the files itself. Resolves with how many files were stored.
 */
export function storeAlongside(list: PrecacheListMessage, installing: ServiceWorker): Promise<number> {
  const keepGoing = () => installing.state === 'installing';
  let worker: Worker;
  try {
    if (typeof Worker === 'undefined') throw new Error('no workers');
    worker = new Worker(new URL('./precache-worker.ts', import.meta.url), {
      type: 'module',
      name: 'precache',
    });
  } catch {
    return storeAlongsideInstall(list, keepGoing);
  }
  const send = (message: AlongsideMessage) => worker.postMessage(message);
  return new Promise((resolve) => {
    // One stop: the worker's later states (installed, activating, activated) each fire this too.
    const onState = () => {
      if (keepGoing()) return;
      installing.removeEventListener('statechange', onState);
      send({ type: 'stop' });
    };
    const finish = (stored: number) => {
      installing.removeEventListener('statechange', onState);
      worker.terminate();
      resolve(stored);
    };
    installing.addEventListener('statechange', onState);
    worker.onmessage = (event: MessageEvent<unknown>) =>
      finish(typeof event.data === 'number' ? event.data : 0);
    // A worker that cannot start or fails ends the page's part quietly, as a failed fetch does: the
    // service worker stores what is left.
    worker.onerror = () => finish(0);
    send({ type: 'start', list, concurrency: defaultConcurrency() });
    // The install may have ended while the worker was being made.
    onState();
  });
}
