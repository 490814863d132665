import type { PrecacheListMessage } from '@/domain/service-worker';
import { storeAlongsideInstall } from './precache-helper';

/** What the page hands this worker: the files to store and how many to fetch at once. */
export interface AlongsideJob {
  list: PrecacheListMessage;
  concurrency: number;
}

// A dedicated worker's scope, typed by what it uses here (the client is compiled with the DOM's types).
const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<AlongsideJob>) => void) | null;
  postMessage(stored: number): void;
};

// One job per worker: the page ends the worker once the install is over, which also stops the job.
scope.onmessage = (event) => {
  const { list, concurrency } = event.data;
  void storeAlongsideInstall(list, () => true, concurrency).then((stored) => scope.postMessage(stored));
};
