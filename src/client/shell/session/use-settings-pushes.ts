import { useEffect } from 'react';
import { onRealtime } from '../../offline/realtime';
import { loadSettings } from '@/client/lib/session/settings-store';

/**
 * The server announces every committed settings change over the socket (`settings`, no data):
 * reload them, so that a feature an admin switches off leaves navigation and pages at once.
 */
export function useSettingsPushes(): void {
  useEffect(() => onRealtime('settings', () => void loadSettings()), []);
}
