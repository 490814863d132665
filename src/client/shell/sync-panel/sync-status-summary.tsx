import { createFormat } from '@/domain/format';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCloudCheck,
  IconCloudOff,
  IconDatabaseExclamation,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConnection } from '@/client/offline/connectivity';
import { useSyncStatus } from '@/client/offline/hooks/sync-state';
import { useStorageHealth } from '@/client/offline/storage';
import { currentSiteTimeZone } from '@/client/lib/site-time-zone';

interface SyncStatusSummaryProps {
  pending: number;
  onSyncNow: () => void;
  onSignInAgain: () => void;
}

/** Connection, replay and storage state above the list. */
export function SyncStatusSummary({ pending, onSyncNow, onSignInAgain }: SyncStatusSummaryProps) {
  const { t, i18n } = useTranslation();
  const status = useSyncStatus();
  const busy = status.replaying || status.pulling;
  const connection = useConnection();
  const online = connection !== 'offline';
  const stateLabel = busy
    ? t('sync.status.syncing')
    : connection === 'poor'
      ? t('sync.status.poor')
      : online
        ? t('sync.status.online')
        : t('sync.status.offline');
  const storage = useStorageHealth();
  return (
    <Stack gap="xs">
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap">
          {busy ? <Loader size="xs" /> : online ? <IconCloudCheck size={18} /> : <IconCloudOff size={18} />}
          <Text size="sm" data-testid="sync-state" data-connection={connection}>
            {stateLabel}
          </Text>
        </Group>
        <Button
          size="xs"
          variant="light"
          onClick={onSyncNow}
          // Waiting entries can always be tried: the button probes the server at once.
          disabled={status.authRequired || (!online && pending === 0)}
          loading={busy}
        >
          {t('sync.action.syncNow')}
        </Button>
      </Group>
      {status.retryAt && pending > 0 ? (
        <Text size="xs" c="dimmed">
          {t('sync.status.retryAt', {
            time: createFormat(i18n.language, { timeZone: currentSiteTimeZone() }).time(status.retryAt),
          })}
          {status.lastError ? ` — ${status.lastError}` : ''}
        </Text>
      ) : null}
      {status.authRequired ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} title={t('sync.auth.title')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t('sync.auth.message', { count: pending })}</Text>
            <Button size="xs" onClick={onSignInAgain}>
              {t('sync.auth.signIn')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {storage.quotaExceeded ? (
        <Alert color="red" icon={<IconDatabaseExclamation size={18} />} title={t('sync.storage.fullTitle')}>
          {t('sync.storage.full')}
        </Alert>
      ) : null}
      {storage.persistence === 'refused' ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />}>
          {t('sync.storage.notPersistent')}
        </Alert>
      ) : null}
    </Stack>
  );
}
