import { useEffect } from 'react';
import { RECENTS_MAX } from '@/domain/constants';
import { isFeatureEnabled } from '@/domain/features';
import { navItemForPath } from '@/domain/navigation/nav-items';
import { pushRecent } from '@/domain/navigation/recents';
import { useSettingsSection } from '@/client/lib/session/settings-store';
import { recentsList } from './user-lists';

/** Records the navigation item of each visited path (max 3), unless recentsEnabled is false. */
export function useRecordRecent(userId: string, pathname: string): void {
  const features = useSettingsSection('features');
  const enabled = isFeatureEnabled(features, 'recentsEnabled');
  useEffect(() => {
    if (!enabled) return;
    const item = navItemForPath(pathname);
    if (!item) return;
    const current = recentsList.read(userId);
    if (current[0] === item.key) return;
    recentsList.write(userId, pushRecent(current, item.key, RECENTS_MAX));
  }, [enabled, pathname, userId]);
}
