import { UNREAD_POLL_MS } from '@/domain/constants';
import { onRealtime, realtimeStore } from '@/client/offline/realtime';
import { pulseNavItem, setNavBadge } from '@/client/shell/nav/nav-badges';
import { toNotification } from './api/get-notifications';
import { notificationsStore, type NotificationsStore } from './notifications-store';

const tabVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * Keeps the notifications current: `notification:new` over the app's one socket adds them
 * live; while the socket is down and the tab visible the unread list is polled every UNREAD_POLL_MS;
 * the lists are refreshed when the tab becomes visible and when the socket (re)connects, which brings
 * what was missed while it was down. Also drives the sidebar: badge count and a pulse per arrival.
 * Returns the stop function.
 */
export function startNotificationSync(store: NotificationsStore = notificationsStore): () => void {
  let pollTimer: ReturnType<typeof setInterval> | null = null;

  // Without any network a request can only fail; the socket's reconnect brings the list up to date.
  const pollOnce = () => {
    if (typeof navigator === 'undefined' || navigator.onLine !== false) void store.refreshUnread();
  };

  const updatePolling = () => {
    const poll = !realtimeStore.get().connected && tabVisible();
    if (poll && !pollTimer) pollTimer = setInterval(pollOnce, UNREAD_POLL_MS);
    if (!poll && pollTimer) {
      clearInterval(pollTimer);
      pollTimer = null;
    }
  };

  const onVisibilityChange = () => {
    if (tabVisible()) void store.refresh();
    updatePolling();
  };

  let lastCount = -1;
  const showCount = () => {
    const count = store.get().unread.length;
    if (count === lastCount) return;
    lastCount = count;
    setNavBadge('notifications', count);
  };

  const cleanups = [
    onRealtime('notification:new', (data) => {
      const notification = toNotification(data);
      if (notification) store.receive(notification);
      else console.warn('Ignored a malformed notification:new event', data);
    }),
    onRealtime('connect', () => void store.refresh()),
    realtimeStore.subscribe(updatePolling),
    store.onArrival(() => pulseNavItem('notifications')),
    store.subscribe(showCount),
  ];
  document.addEventListener('visibilitychange', onVisibilityChange);

  showCount();
  updatePolling();
  void store.refresh();

  return () => {
    for (const cleanup of cleanups) cleanup();
    document.removeEventListener('visibilitychange', onVisibilityChange);
    if (pollTimer) clearInterval(pollTimer);
    pollTimer = null;
    setNavBadge('notifications', 0);
  };
}
