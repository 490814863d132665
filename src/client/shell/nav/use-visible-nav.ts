import { useMemo } from 'react';
import { visibleNavItems, type NavItem } from '@/domain/navigation/nav-items';
import { useSession } from '@/client/lib/session/session-store';
import { useSettings } from '@/client/lib/session/settings-store';

/** Navigation items the current user sees with the current flags. */
export function useVisibleNav(): NavItem[] {
  const { user } = useSession();
  const { settings } = useSettings();
  return useMemo(() => visibleNavItems(user, settings.features), [user, settings.features]);
}
