import { Notifications } from '@mantine/notifications';

/** Where the app's toasts appear (`notifications.show` queues them until this is mounted). */
export function NotificationsHost() {
  return <Notifications position="top-right" />;
}
