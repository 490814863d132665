import type { PrecacheListMessage } from '@/domain/service-worker';
import { storeAlongsideInstall } from './precache-helper';

/**
 * What the page sends this worker: the job (the files to store and how many to fetch at once), then
 * `stop` once the service worker's install is over.
 */
export type AlongsideMessage =
  { type: 'start'; list: PrecacheListMessage; concurrency: number } | { type: 'stop' };

// A dedicated worker's scope, typed by what it uses here (the client is compiled with the DOM's types).
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<AlongsideMessage>) => void) | null;
  postMessage(stored: number): void;
  close(): void;
};

let stopped = false;

// One job per worker. A stop lets the fetches under way finish and starts no more; the count is the
// answer, and the worker then ends itself with nothing in flight (a worker ended mid-request leaves
// that request open in some tools' accounts of the page's network).
scope.onmessage = (event) => {
  const message = event.data;
  if (message.type === 'stop') {
    stopped = true;
    return;
  }
  void storeAlongsideInstall(message.list, () => !stopped, message.concurrency).then((stored) => {
    scope.postMessage(stored);
    scope.close();
  });
};
