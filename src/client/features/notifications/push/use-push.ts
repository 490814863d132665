import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { createStore } from '@/client/lib/store';
import { sessionStore } from '@/client/lib/session/session-store';
import {
  disablePush,
  dropPushAfterSignOut,
  enablePush,
  readPushState,
  type PushState,
} from './push-subscription';

export interface PushView {
  /** null while the state is being read. */
  state: PushState | null;
  busy: boolean;
  error: unknown;
}

/** One state for every opt-in on the page (bell dropdown and /notifications header). */
const pushStore = createStore<PushView>({ state: null, busy: false, error: null });
const set = (patch: Partial<PushView>) => pushStore.set((current) => ({ ...current, ...patch }));

let watchingSignOut = false;
/** Installed once: when the session ends, this device stops receiving that user's pushes. */
function watchSignOut(): void {
  if (watchingSignOut) return;
  watchingSignOut = true;
  let hadUser = !!sessionStore.get().user;
  sessionStore.subscribe(() => {
    const hasUser = !!sessionStore.get().user;
    if (hadUser && !hasUser) {
      set({ state: null, error: null });
      void dropPushAfterSignOut().catch((error: unknown) => console.warn('Dropping push failed', error));
    }
    hadUser = hasUser;
  });
}

async function run(action: () => Promise<PushState>): Promise<void> {
  set({ busy: true, error: null });
  try {
    set({ state: await action(), busy: false });
  } catch (error) {
    console.warn('Changing push notifications failed', error);
    set({ busy: false, error });
  }
}

/** Push on this device for the signed-in user: its state and the switch (started only by a click). */
export function usePush(userId: string) {
  const view = useSyncExternalStore(pushStore.subscribe, pushStore.get, pushStore.get);

  useEffect(() => {
    watchSignOut();
    let current = true;
    void readPushState(userId).then(
      (state) => {
        if (current && !pushStore.get().busy) set({ state });
      },
      (error: unknown) => {
        console.warn('Reading the push state failed', error);
        if (current) set({ state: 'unsupported' });
      },
    );
    return () => {
      current = false;
    };
  }, [userId]);

  const enable = useCallback(() => run(() => enablePush(userId)), [userId]);
  const disable = useCallback(() => run(disablePush), []);
  return { ...view, enable, disable };
}
