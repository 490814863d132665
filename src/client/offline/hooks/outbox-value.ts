import { useEffect, useState } from 'react';
import type { OfflineDb } from '../db';
import { useSyncEngine } from '../engine-context';
import { onTableChanged } from './table-changes';

/** How often at most the outbox's badge and list states are read again while entries change. */
export const OUTBOX_REFRESH_MS = 200;

/**
 * A value read from the outbox, read again at most every OUTBOX_REFRESH_MS while it changes (in this
 * tab or another). A replay changes the outbox twice per entry; a live query would re-read and
 * re-render on every one of those commits.
 */
export function useOutboxValue<T, A>(read: (db: OfflineDb, arg: A) => Promise<T>, arg: A, initial: T): T {
  const engine = useSyncEngine();
  const [value, setValue] = useState<{ arg: A; value: T }>({ arg, value: initial });
  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let running = false;
    let again = false;
    const run = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        const next = await read(engine.db, arg);
        if (active) setValue({ arg, value: next });
      } catch {
        // A closed database (another tab upgraded it) keeps the last value; the reload dialog says why.
      } finally {
        running = false;
      }
      if (again && active) {
        again = false;
        schedule();
      }
    };
    const schedule = () => {
      timer ??= setTimeout(() => {
        timer = null;
        void run();
      }, OUTBOX_REFRESH_MS);
    };
    const unsubscribe = onTableChanged(engine.db, 'outbox', schedule);
    void run();
    return () => {
      active = false;
      if (timer) clearTimeout(timer);
      unsubscribe();
    };
  }, [engine, read, arg]);
  return Object.is(value.arg, arg) ? value.value : initial;
}
