import { useEffect } from 'react';
import { useOptionalSyncEngine } from '../../offline/engine-context';
import { loadSettings } from '@/client/lib/session/settings-store';

/**
 * The server announces every committed settings change over the socket (`settings`, no data):
 * reload them, so that a feature an admin switches off leaves navigation and pages at once.
 */
export function useSettingsPushes(): void {
  // The live connection (socket.io) is the offline engine's: its module loads once the engine is there,
  // after the first paint, and no push can come before.
  const engine = useOptionalSyncEngine();
  useEffect(() => {
    if (!engine) return;
    let stop: (() => void) | null = null;
    let ended = false;
    void import('../../offline/realtime').then(({ onRealtime }) => {
      if (!ended) stop = onRealtime('settings', () => void loadSettings());
    });
    return () => {
      ended = true;
      stop?.();
    };
  }, [engine]);
}
