import { Alert, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications as toast } from '@mantine/notifications';
import { IconAlertTriangle, IconCloudOff, IconDatabaseExport, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackupArchive, BackupRun } from '@/domain/backup';
import { ApiError } from '@/client/api/client';
import { backupDownloadLink, downloadFrom } from './api';
import { ArchiveList } from './components/archive-list';
import { BackupOverview } from './components/backup-overview';
import { BackupProgress } from './components/backup-progress';
import { useBackups } from './use-backups';

const message = (err: unknown, fallback: string) =>
  err instanceof ApiError && err.serverMessage ? err.message : fallback;

/**
 * Settings → Backups (admin): how and when backups are made, the last run, "Back up now" with its
 * progress, and the archives on the server to download.
 */
export function BackupsSection() {
  const { t } = useTranslation();
  const [starting, setStarting] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  const onFinished = (run: BackupRun | null) => {
    if (!run) return;
    if (run.ok) toast.show({ color: 'green', message: t('backups.done', { name: run.archive }) });
    else toast.show({ color: 'red', message: t('backups.failed', { error: run.error }) });
  };
  const { status, error, online, reload, start } = useBackups(onFinished);

  const backUpNow = async () => {
    setStarting(true);
    try {
      await start();
    } catch (err) {
      toast.show({ color: 'red', message: message(err, t('backups.startFailed')) });
      reload();
    } finally {
      setStarting(false);
    }
  };

  const download = async (archive: BackupArchive) => {
    setDownloading(archive.name);
    try {
      const { url } = await backupDownloadLink(archive.name);
      downloadFrom(url, archive.name);
    } catch (err) {
      toast.show({ color: 'red', message: message(err, t('backups.downloadFailed')) });
      reload();
    } finally {
      setDownloading(null);
    }
  };

  if (!status) {
    if (error || !online) {
      return (
        <Alert
          color={online ? 'red' : 'gray'}
          variant="light"
          role="alert"
          icon={online ? <IconAlertTriangle size={18} /> : <IconCloudOff size={18} />}
          title={online ? t('backups.loadFailed') : t('backups.offline')}
        >
          {online ? (
            <>
              <Text size="sm">{message(error, t('backups.loadFailed'))}</Text>
              <Button mt="sm" size="xs" variant="light" color="red" onClick={reload}>
                {t('common.retry')}
              </Button>
            </>
          ) : null}
        </Alert>
      );
    }
    return (
      <Stack role="status" gap="md" aria-busy="true" aria-label={t('backups.loading')}>
        <Skeleton height={150} radius="lg" />
        <Skeleton height={64} radius="md" />
        <Skeleton height={64} radius="md" />
      </Stack>
    );
  }

  const running = status.running;
  return (
    <Stack gap="lg">
      {!online ? (
        <Alert color="gray" variant="light" icon={<IconCloudOff size={18} />}>
          <Text size="sm">{t('backups.offline')}</Text>
        </Alert>
      ) : null}
      <BackupOverview status={status} />
      <Paper withBorder radius="lg" p="md">
        {running ? (
          <BackupProgress running={running} />
        ) : (
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" style={{ flex: '1 1 260px' }}>
              {t('backups.nowHint')}
            </Text>
            <Button
              leftSection={<IconDatabaseExport size={18} />}
              mih={44}
              loading={starting}
              disabled={!status.available || !online}
              onClick={() => void backUpNow()}
            >
              {t('backups.now')}
            </Button>
          </Group>
        )}
      </Paper>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline">
          <Title order={3} size="h4">
            {t('backups.archives')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('backups.count', { count: status.archives.length })}
          </Text>
        </Group>
        <ArchiveList
          archives={status.archives}
          downloading={downloading}
          disabled={!online}
          onDownload={(archive) => void download(archive)}
        />
      </Stack>
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
        <Stack gap={4}>
          <Text size="sm">{t('backups.sensitive')}</Text>
          <Text size="sm">{t('backups.tablets')}</Text>
        </Stack>
      </Alert>
    </Stack>
  );
}
