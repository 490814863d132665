import { Switch } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSettings, updateSettings, useSettings } from '@/client/lib/session/settings-store';

/** The site rule: a report is submitted only when every checklist item has an answer. */
export function RequireAllSwitch({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const { settings } = useSettings();
  const [saving, setSaving] = useState(false);
  const change = async (requireAllChecklistItems: boolean) => {
    setSaving(true);
    try {
      const saved = await updateSettings({ reports: { requireAllChecklistItems } });
      showSettings(saved);
    } catch {
      notifications.show({ color: 'red', message: t('reports.checklistEditor.saveFailed') });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Switch
      label={t('reports.checklistEditor.requireAll')}
      description={t('reports.checklistEditor.requireAllHint')}
      checked={settings.reports.requireAllChecklistItems}
      disabled={readOnly || saving}
      onChange={(event) => void change(event.currentTarget.checked)}
    />
  );
}
