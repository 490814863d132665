import { Alert, Code, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCalendarTime, IconCircleCheck, IconDatabase } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BackupStatus } from '@/domain/backup';
import { formatDateTime } from '../format';
import { TRIGGER_LABEL } from '../labels';

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <ThemeIcon variant="light" radius="xl" size={30} aria-hidden>
        {icon}
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        {children}
      </Stack>
    </Group>
  );
}

/** How backups are made here, where they go, the daily schedule and how the last one went. */
export function BackupOverview({ status }: { status: BackupStatus }) {
  const { t } = useTranslation();
  const { schedule, lastRun } = status;
  const method =
    status.engine === 'pglite'
      ? t('backups.method.pglite')
      : status.tool
        ? t('backups.method.postgres', { tool: status.tool })
        : t('backups.method.postgresUnknown');

  return (
    <Stack gap="md">
      {!status.available ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle size={18} />}
          title={t('backups.unavailable')}
        >
          <Text size="sm">{status.problem}</Text>
        </Alert>
      ) : null}
      {lastRun && !lastRun.ok ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle size={18} />}
          title={t('backups.lastFailed.title')}
          data-testid="backup-last-failed"
        >
          <Text size="sm">
            {t('backups.lastFailed.body', {
              date: formatDateTime(lastRun.finishedAt),
              trigger: t(TRIGGER_LABEL[lastRun.trigger]),
              error: lastRun.error ?? '',
            })}
          </Text>
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p="md">
        <Stack gap="md">
          <Line icon={<IconDatabase size={17} />}>
            <Text size="sm">{method}</Text>
            <Text size="xs" c="dimmed">
              {t('backups.folder')}{' '}
              <Code style={{ wordBreak: 'break-all' }} data-testid="backup-folder">
                {status.directory}
              </Code>
            </Text>
          </Line>
          <Line icon={<IconCalendarTime size={17} />}>
            <Text size="sm">
              {schedule.enabled
                ? t('backups.schedule.on', {
                    at: schedule.at,
                    timeZone: schedule.timeZone,
                    count: schedule.keep,
                  })
                : t('backups.schedule.off')}
            </Text>
            {schedule.enabled && schedule.nextRunAt ? (
              <Text size="xs" c="dimmed">
                {t('backups.schedule.next', { date: formatDateTime(schedule.nextRunAt, schedule.timeZone) })}
              </Text>
            ) : null}
          </Line>
          {lastRun?.ok ? (
            <Line icon={<IconCircleCheck size={17} />}>
              <Text size="sm">
                {t('backups.lastOk', {
                  date: formatDateTime(lastRun.finishedAt),
                  trigger: t(TRIGGER_LABEL[lastRun.trigger]),
                })}
              </Text>
            </Line>
          ) : null}
        </Stack>
      </Paper>
    </Stack>
  );
}
