import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useSyncEngine } from '@/client/offline/engine-context';
import { guardedSignOut } from '../sync-panel/sign-out-guard';
import { sessionStore, signOut } from '@/client/lib/session/session-store';

/** Ends the session and shows the login page; with changes still waiting to sync it warns first. */
export function useLogout(): () => void {
  const router = useRouter();
  const engine = useSyncEngine();
  return useCallback(() => {
    void guardedSignOut(engine, sessionStore.getState().user?.id ?? null, () => {
      signOut();
      void router.navigate({ to: '/login', replace: true });
    });
  }, [router, engine]);
}
