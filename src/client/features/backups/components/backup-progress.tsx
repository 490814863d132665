import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BackupProgress as Running } from '@/domain/backup';
import { PHASE_LABEL } from '../labels';

/** The running backup: what it does now and how far it is, announced politely to screen readers. */
export function BackupProgress({ running }: { running: Running }) {
  const { t } = useTranslation();
  const label = t(PHASE_LABEL[running.phase]);
  const percent = Math.round(running.percent);
  return (
    <Stack gap={6} data-testid="backup-progress">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500} aria-live="polite">
          {label}…
        </Text>
        <Text size="sm" c="dimmed">
          {t('backups.percent', { percent })}
        </Text>
      </Group>
      <Progress value={percent} animated radius="xl" size="lg" aria-label={t('backups.running')} />
    </Stack>
  );
}
