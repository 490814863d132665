import { useEffect, useState } from 'react';
import { updateSessionUser } from '@/client/lib/session/session-store';
import { getProfile } from './api/get-profile';

/**
 * Loads the own record once when the page opens, so the form starts from the server's values.
 * A failure (offline, server down) is only logged and the signed-in user's cached record is used.
 */
export function useProfileRefresh(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    getProfile(controller.signal)
      .then((user) => updateSessionUser(user))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('Profile fetch failed', error);
      })
      .finally(() => {
        if (!controller.signal.aborted) setReady(true);
      });
    return () => controller.abort();
  }, []);
  return ready;
}
