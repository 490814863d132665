import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { loadAppEngine } from '@/client/offline/app-engine';
import { useOptionalSyncEngine } from '@/client/offline/engine-context';
import { sessionStore, signOut } from '@/client/lib/session/session-store';

/** Ends the session and shows the login page; with changes still waiting to sync it warns first. */
export function useLogout(): () => void {
  const router = useRouter();
  const engine = useOptionalSyncEngine();
  return useCallback(() => {
    // Signed out from the dashboard before the engine was there: it loads first, so the waiting
    // changes it holds are counted as always.
    // The guard and its dialog are the sync panel's: loaded when someone signs out.
    void Promise.all([engine ?? loadAppEngine(), import('../sync-panel/sign-out-guard')]).then(
      ([ready, { guardedSignOut }]) =>
        guardedSignOut(ready, sessionStore.get().user?.id ?? null, () => {
          signOut();
          void router.navigate({ to: '/login', replace: true });
        }),
    );
  }, [router, engine]);
}
