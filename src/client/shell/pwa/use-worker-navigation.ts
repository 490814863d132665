import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SW_MESSAGE, toSameOriginPath } from '@/domain/service-worker';
import { onWorkerMessage } from '@/client/lib/worker-messages';

/**
 * Moves the app when the service worker posts `{type: 'NAVIGATE', url}` (a notification was
 * clicked). Only paths of this origin are followed; the router keeps the session and open state.
 */
export function useWorkerNavigation(): void {
  const router = useRouter();
  useEffect(
    () =>
      onWorkerMessage(SW_MESSAGE.navigate, (message) => {
        const href = toSameOriginPath(message.url, window.location.origin);
        if (href) void router.navigate({ href });
      }),
    [router],
  );
}
