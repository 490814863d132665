import { Alert, Paper, Stack, Switch } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSettings, updateSettings, useSettings } from '@/client/lib/session/settings-store';
import { settingsErrorMessage } from '../api/settings-errors';
import { useSettingsEditing } from '../editing-context';
import { queueSave } from '../save-queue';

/**
 * Approvals: whether someone may approve a report or an operations-log entry they wrote themselves.
 * Off keeps four eyes on every approval; a one-person site switches it on. Saved at once.
 */
export function ApprovalSection() {
  const { t } = useTranslation();
  const { readOnly } = useSettingsEditing();
  const { settings } = useSettings();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const change = async (allowSelfApproval: boolean) => {
    setSaving(true);
    setFailure(null);
    try {
      showSettings(await queueSave(() => updateSettings({ approval: { allowSelfApproval } })));
    } catch (error) {
      setFailure(settingsErrorMessage(error, t));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md">
      {failure ? (
        <Alert color="red" role="alert" withCloseButton onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      ) : null}
      <Paper withBorder radius="md" p="md">
        <Switch
          size="md"
          checked={settings.approval.allowSelfApproval}
          disabled={readOnly || saving}
          onChange={(event) => void change(event.currentTarget.checked)}
          label={t('settings.approval.allowSelfApproval')}
          description={t('settings.approval.allowSelfApprovalHint')}
          styles={{ body: { alignItems: 'flex-start' }, labelWrapper: { flex: 1 } }}
          labelPosition="left"
        />
      </Paper>
    </Stack>
  );
}
