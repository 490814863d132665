/**
 * Storing the app for offline use, in the order the build chose (what the field needs first) and
 * several files at a time: one request after the other would cost a round trip per file, minutes on a
 * site's poor Wi-Fi. Files already stored by an earlier, interrupted attempt are not fetched again
 * (the worker's `store` skips them), so a retry continues where the last one stopped.
 */

export interface PrecacheItem {
  url: string;
  /** Size in bytes at build time, to weigh the progress; 1 when unknown. */
  bytes: number;
}

export interface PrecacheTally {
  doneFiles: number;
  totalFiles: number;
  doneBytes: number;
  totalBytes: number;
}

export interface InstallOptions<T extends PrecacheItem> {
  /** Stores one file; rejects when it cannot be fetched. */
  store: (item: T) => Promise<void>;
  /** Files in flight at once. */
  concurrency: number;
  onProgress: (tally: PrecacheTally) => void;
}

/**
 * Stores every item, starting them in list order with at most `concurrency` in flight. On the first
 * failure no further item is started; the ones in flight finish, then the returned promise rejects
 * with that failure (the install fails and the browser tries again later).
 */
export async function installInOrder<T extends PrecacheItem>(
  items: readonly T[],
  { store, concurrency, onProgress }: InstallOptions<T>,
): Promise<PrecacheTally> {
  const tally: PrecacheTally = {
    doneFiles: 0,
    totalFiles: items.length,
    doneBytes: 0,
    totalBytes: items.reduce((sum, item) => sum + item.bytes, 0),
  };
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < items.length) {
      const item = items[next++]!;
      try {
        await store(item);
      } catch (error) {
        failure ??= { error };
        return;
      }
      tally.doneFiles += 1;
      tally.doneBytes += item.bytes;
      onProgress({ ...tally });
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
  return tally;
}

/**
 * Stores the files left out of the install (the desk screens) once the worker is active: the device
 * is ready for offline use in the field without them, and they are not worth the wait on a poor
 * link. One run at a time — every caller shares the running one. `store` skips files already
 * stored, so a run the connection interrupted (it rejects, nothing new is started) continues with
 * what is still missing on the next call. `run` resolves true once every item is stored, false when
 * this run could not finish.
 */
export function restStorer<T extends PrecacheItem>(
  items: readonly T[],
  { store, concurrency }: Pick<InstallOptions<T>, 'store' | 'concurrency'>,
): { run: () => Promise<boolean> } {
  let complete = false;
  let running: Promise<boolean> | null = null;
  return {
    run() {
      if (complete) return Promise.resolve(true);
      running ??= installInOrder(items, { store, concurrency, onProgress: () => undefined })
        .then(
          () => (complete = true),
          () => false,
        )
        .finally(() => {
          running = null;
        });
      return running;
    },
  };
}

/** Calls `send` at most once per `intervalMs`, always with the latest value; `flush` sends what waits. */
export function throttled<T>(send: (value: T) => void, intervalMs: number) {
  let last = 0;
  let pending: { value: T } | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending) {
      const { value } = pending;
      pending = null;
      last = Date.now();
      send(value);
    }
  };
  return {
    push(value: T) {
      pending = { value };
      const wait = last + intervalMs - Date.now();
      if (wait <= 0) flush();
      else timer ??= setTimeout(flush, wait);
    },
    flush,
  };
}
