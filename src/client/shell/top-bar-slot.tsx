import type { ReactNode } from 'react';
import { createStore, useStore } from '@/client/lib/store';

/**
 * The notification bell's place in the top bar. The notifications module puts its bell here
 * (`setNotificationBell(<NotificationBell />)`); until then the slot stays empty.
 */
const bellStore = createStore<ReactNode>(null);

export function setNotificationBell(bell: ReactNode): void {
  bellStore.set(() => bell);
}

export function NotificationBellSlot() {
  return <>{useStore(bellStore)}</>;
}
