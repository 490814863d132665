import { Button, EmptyState, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArchive, IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BackupArchive } from '@/domain/backup';
import { formatDateTime, formatSize } from '../format';

export interface ArchiveListProps {
  archives: readonly BackupArchive[];
  /** The archive whose download is being prepared. */
  downloading: string | null;
  /** Downloads need the server: off while offline. */
  disabled: boolean;
  onDownload(archive: BackupArchive): void;
}

/** The archives on the server, newest first, each with its date, size and a download button. */
export function ArchiveList({ archives, downloading, disabled, onDownload }: ArchiveListProps) {
  const { t } = useTranslation();
  if (archives.length === 0) {
    return (
      <EmptyState
        py="xl"
        withIndicatorBackground
        icon={<IconArchive size={28} stroke={1.5} />}
        title={t('backups.empty.title')}
        description={t('backups.empty.body')}
      />
    );
  }
  return (
    <Stack
      component="ul"
      gap="xs"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('backups.archives')}
    >
      {archives.map((archive) => (
        <Paper
          component="li"
          key={archive.name}
          withBorder
          radius="md"
          px="md"
          py="sm"
          data-archive={archive.name}
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Stack gap={0} style={{ minWidth: 0, flex: '1 1 240px' }}>
              <Text size="sm" fw={600}>
                <time dateTime={archive.createdAt}>{formatDateTime(archive.createdAt)}</time>
              </Text>
              <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                {archive.name}
              </Text>
            </Stack>
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" c="dimmed" miw={64} ta="right">
                {formatSize(archive.size)}
              </Text>
              <Button
                variant="light"
                size="sm"
                mih={40}
                leftSection={<IconDownload size={16} />}
                loading={downloading === archive.name}
                disabled={disabled}
                aria-label={t('backups.downloadLabel', { name: archive.name })}
                onClick={() => onDownload(archive)}
              >
                {t('backups.download')}
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
