import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOnline, useSyncStatus } from '@/client/offline';
import { formatDateTime } from '../format';

/** Offline: what is shown is the device's copy, as of the last synchronisation. */
export function OfflineCopyNotice() {
  const { t } = useTranslation();
  const online = useOnline();
  const { lastPulledAt } = useSyncStatus();
  if (online) return null;
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconCloudOff size={18} />}
      title={t('dispo.offline.title')}
      data-testid="dispo-offline"
    >
      {t('dispo.offline.body')}{' '}
      {lastPulledAt
        ? t('dispo.offline.lastSync', { when: formatDateTime(new Date(lastPulledAt).toISOString()) })
        : null}
    </Alert>
  );
}
