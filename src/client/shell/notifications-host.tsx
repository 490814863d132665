import { Notifications } from '@mantine/notifications';
import classes from './notifications-host.module.css';

/**
 * Where the app's toasts appear (`notifications.show` queues them until this is mounted): at the top
 * right, but below the top bar, so a toast never covers the sync button, the bell or the user menu
 * a person is reaching for.
 */
export function NotificationsHost() {
  return <Notifications position="top-right" classNames={{ root: classes.root }} />;
}
