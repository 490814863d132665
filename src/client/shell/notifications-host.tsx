import { Notifications } from '@mantine/notifications';

/** Height of the signed-in top bar (the AppShell header in app-layout.tsx). */
const TOP_BAR_HEIGHT = 60;

/**
 * Where the app's toasts appear (`notifications.show` queues them until this is mounted): at the top
 * right, but below the top bar, so a toast never covers the sync button, the bell or the user menu
 * a person is reaching for.
 */
export function NotificationsHost() {
  return <Notifications position="top-right" styles={{ root: { top: TOP_BAR_HEIGHT + 8 } }} />;
}
