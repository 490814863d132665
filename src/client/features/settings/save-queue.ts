import { createStore, useStore } from '@/client/lib/store';

export interface SaveQueueState {
  /** Saves waiting behind the one in flight. */
  waiting: number;
  /** A save is in flight. */
  saving: boolean;
  /** When the last save succeeded (ms since epoch), for the short "Saved" confirmation. */
  savedAt: number | null;
}

export const saveQueueStore = createStore<SaveQueueState>({ waiting: 0, saving: false, savedAt: null });

let tail: Promise<unknown> = Promise.resolve();
let generation = 0;

/**
 * Runs settings saves one after another. A feature toggle sends the whole features map, so two
 * toggles in flight at once could arrive in the wrong order and undo each other; queued, each one
 * is built when its turn comes (from the state its predecessors left) and the page can show
 * "Changes pending" meanwhile. Any section may queue its own saves here to share the status.
 */
export function queueSave<T>(task: () => Promise<T>): Promise<T> {
  const mine = generation;
  saveQueueStore.set((state) => ({ ...state, waiting: state.waiting + 1 }));
  const run = async () => {
    saveQueueStore.set((state) => ({ ...state, waiting: state.waiting - 1, saving: true }));
    if (mine !== generation) throw new SaveCancelledError();
    return task();
  };
  const result = tail.then(run, run);
  tail = result.then(
    () => saveQueueStore.set((state) => ({ ...state, saving: false, savedAt: Date.now() })),
    () => saveQueueStore.set((state) => ({ ...state, saving: false })),
  );
  return result;
}

/** Drops the saves still waiting (after a failure, what they were built on is no longer true). */
export function cancelWaitingSaves(): void {
  generation += 1;
}

/** True while saves wait behind the running one. */
export function hasWaitingSaves(): boolean {
  return saveQueueStore.get().waiting > 0;
}

export class SaveCancelledError extends Error {
  constructor() {
    super('A previous settings save failed; this one was not sent.');
    this.name = 'SaveCancelledError';
  }
}

export function useSaveQueue(): SaveQueueState {
  return useStore(saveQueueStore);
}
