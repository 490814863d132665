import { useMemo } from 'react';
import { visibleNavItems, type NavItem } from '@/domain/navigation/nav-items';
import { useSession } from '@/client/lib/session/session-store';
import { useSettingsSection } from '@/client/lib/session/settings-store';

/** Navigation items the current user sees with the current flags. */
export function useVisibleNav(): NavItem[] {
  const { user } = useSession();
  const features = useSettingsSection('features');
  return useMemo(() => visibleNavItems(user, features), [user, features]);
}
