import { IconBell, IconNotebook } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { AiAdminSection } from '../../features/ai/ai-admin-section';
import { AI_SETTINGS_SECTION } from '../../features/ai/settings-entry';
import { BACKUPS_SETTINGS_SECTION } from '../../features/backups/settings-entry';
import { DISPO_SETTINGS_SECTION } from '../../features/dispo/settings-entry';
import { NotificationAdminSection } from '../../features/notifications/admin/notification-admin-section';
import { LogbookConfigSection } from '../../features/logbook/config/logbook-config-section';
import { ChecklistSection } from '../../features/reports/checklist-editor/checklist-section';
import { CHECKLISTS_SETTINGS_SECTION } from '../../features/reports/checklist-editor/settings-entry';
import { useSettingsEditing } from '../../features/settings/editing-context';
import { SETTINGS_SECTIONS, SettingsPage } from '../../features/settings/settings-page';

/** Settings → Notifications: the notifications module's admin section in the page's editing context. */
function NotificationsSettings() {
  const { readOnly, setDirty } = useSettingsEditing();
  const onDirtyChange = useCallback((dirty: boolean) => setDirty('notifications', dirty), [setDirty]);
  return <NotificationAdminSection readOnly={readOnly} onDirtyChange={onDirtyChange} />;
}

/** Settings → Operations log: the logbook configuration (conveyors, special checks, site, shift). */
function LogbookSettings() {
  const { readOnly, setDirty } = useSettingsEditing();
  const onDirtyChange = useCallback((dirty: boolean) => setDirty('logbook', dirty), [setDirty]);
  return <LogbookConfigSection readOnly={readOnly} onDirtyChange={onDirtyChange} />;
}

/** Settings → Checklists (admin): the maintenance report checklist (categories, items, labels). */
function ChecklistsSettings() {
  const { readOnly, setDirty } = useSettingsEditing();
  const onDirtyChange = useCallback((dirty: boolean) => setDirty('checklists', dirty), [setDirty]);
  return <ChecklistSection readOnly={readOnly} onDirtyChange={onDirtyChange} />;
}

/** Settings → AI (admin): model server configuration, health, statistics and test tools. */
function AiSettings() {
  const { readOnly, setDirty } = useSettingsEditing();
  const onDirtyChange = useCallback((dirty: boolean) => setDirty('ai', dirty), [setDirty]);
  return <AiAdminSection readOnly={readOnly} onDirtyChange={onDirtyChange} />;
}

/**
 * The Settings page's sections, in order. A module with settings of its own (backups, checklists,
 * logbook configuration, drivers/trucks/container types, notifications, AI) adds one entry here.
 */
const sections = [
  ...SETTINGS_SECTIONS,
  BACKUPS_SETTINGS_SECTION,
  {
    id: 'notifications',
    title: 'notifications.admin.title',
    description: 'notifications.admin.description',
    icon: IconBell,
    component: NotificationsSettings,
  },
  { ...CHECKLISTS_SETTINGS_SECTION, component: ChecklistsSettings },
  {
    id: 'logbook',
    title: 'logbook.config.title',
    description: 'logbook.config.description',
    icon: IconNotebook,
    feature: 'betriebstagebuch' as const,
    component: LogbookSettings,
  },
  { ...AI_SETTINGS_SECTION, component: AiSettings },
  DISPO_SETTINGS_SECTION,
];

export const Route = createFileRoute('/_app/settings')({
  staticData: { page: 'settings' },
  component: SettingsRoute,
});

function SettingsRoute() {
  return <SettingsPage sections={sections} />;
}
