import { SW_MESSAGE, type WorkerToAppMessage } from '@/domain/service-worker';

type MessageOf<T extends WorkerToAppMessage['type']> = Extract<WorkerToAppMessage, { type: T }>;

function isWorkerMessage(data: unknown): data is WorkerToAppMessage {
  if (!data || typeof data !== 'object') return false;
  const { type } = data as { type?: unknown };
  return (
    type === SW_MESSAGE.navigate ||
    type === SW_MESSAGE.replayOutbox ||
    type === SW_MESSAGE.precacheProgress ||
    type === SW_MESSAGE.precacheComplete ||
    type === SW_MESSAGE.precacheList
  );
}

/**
 * Listens for one kind of message from the service worker. Returns the unsubscribe function; a
 * browser without service workers never calls the handler.
 */
export function onWorkerMessage<T extends WorkerToAppMessage['type']>(
  type: T,
  handler: (message: MessageOf<T>) => void,
): () => void {
  const container = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
  if (!container) return () => undefined;
  const listener = (event: MessageEvent) => {
    const data: unknown = event.data;
    if (isWorkerMessage(data) && data.type === type) handler(data as MessageOf<T>);
  };
  container.addEventListener('message', listener);
  return () => container.removeEventListener('message', listener);
}
