import { IconBell } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { NotificationAdminSection } from '../../features/notifications/admin/notification-admin-section';
import { useSettingsEditing } from '../../features/settings/editing-context';
import { SETTINGS_SECTIONS, SettingsPage } from '../../features/settings/settings-page';

/** Settings → Notifications: the notifications module's admin section in the page's editing context. */
function NotificationsSettings() {
  const { readOnly, setDirty } = useSettingsEditing();
  const onDirtyChange = useCallback((dirty: boolean) => setDirty('notifications', dirty), [setDirty]);
  return <NotificationAdminSection readOnly={readOnly} onDirtyChange={onDirtyChange} />;
}

/**
 * The Settings page's sections, in order. A module with settings of its own (checklists, logbook
 * configuration, drivers/trucks/container types, notifications, AI) adds one entry here.
 */
const sections = [
  ...SETTINGS_SECTIONS,
  {
    id: 'notifications',
    title: 'notifications.admin.title',
    description: 'notifications.admin.description',
    icon: IconBell,
    component: NotificationsSettings,
  },
];

export const Route = createFileRoute('/_app/settings')({
  staticData: { page: 'settings' },
  component: SettingsRoute,
});

function SettingsRoute() {
  return <SettingsPage sections={sections} />;
}
