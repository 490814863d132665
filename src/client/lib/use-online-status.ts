import { useOnline } from '@/client/offline/connectivity';

/**
 * navigator.onLine and its online/offline events, refined by the offline engine: a request that got
 * no answer shows offline, an answered one (or the browser's `online`) shows online again.
 */
export function useOnlineStatus(): boolean {
  return useOnline();
}
