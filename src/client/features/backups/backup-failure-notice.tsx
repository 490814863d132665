import { Alert, Button, Group, Text } from '@mantine/core';
import { IconDatabaseExclamation } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { backupNeedsAttention } from '@/domain/backup';
import { isFeatureEnabled } from '@/domain/features';
import { can } from '@/domain/permissions';
import { useRemoteData } from '@/client/lib/use-remote-data';
import { useOnlineStatus } from '@/client/lib/use-online-status';
import { useCurrentUser } from '@/client/lib/session/session-store';
import { useSettings } from '@/client/lib/session/settings-store';
import { fetchBackupStatus } from './api';
import { formatDateTime } from './format';
import { TRIGGER_LABEL } from './labels';

/**
 * On the dashboard, for admins: the last backup failed (the schedule's at night, say) and none has
 * succeeded since — with the reason and the way to Settings → Backups.
 */
export function BackupFailureNotice() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const { settings } = useSettings();
  const online = useOnlineStatus();
  const allowed = can(user, 'backup:manage') && isFeatureEnabled(settings.features, 'settings');
  const { data } = useRemoteData(allowed && online ? 'backups' : null, (signal) => fetchBackupStatus(signal));
  if (!allowed || !data || !backupNeedsAttention(data)) return null;
  const run = data.lastRun!;
  return (
    <Alert
      color="red"
      variant="light"
      radius="lg"
      role="alert"
      icon={<IconDatabaseExclamation size={20} />}
      title={t('backups.lastFailed.title')}
      data-testid="backup-failure-notice"
    >
      <Group justify="space-between" gap="sm" align="flex-end">
        <Text size="sm" style={{ flex: '1 1 280px' }}>
          {t('backups.lastFailed.body', {
            date: formatDateTime(run.finishedAt),
            trigger: t(TRIGGER_LABEL[run.trigger]),
            error: run.error ?? '',
          })}
        </Text>
        <Button component={Link} to="/settings" hash="backups" size="xs" variant="white" color="red">
          {t('backups.open')}
        </Button>
      </Group>
    </Alert>
  );
}
