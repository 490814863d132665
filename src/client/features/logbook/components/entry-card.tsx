import { Badge, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconClock, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RecordSyncState } from '@/client/offline';
import { RecordSyncBadge } from '@/client/shell/sync-panel';
import type { LogbookEntry } from '@/domain/logbook';
import { formatEntryDate } from '../format';
import { LogbookStatusBadge } from './status-badge';

interface EntryCardProps {
  entry: LogbookEntry;
  syncState: RecordSyncState | null;
  onOpen(id: string): void;
}

/** One entry in the list: a large touch target opening the details. */
export function EntryCard({ entry, syncState, onOpen }: EntryCardProps) {
  const { t } = useTranslation();
  const broken = entry.conveyorChecks.filter((c) => !c.functional).length;
  const open = entry.specialChecks.filter((c) => c.open).length;
  return (
    <Card withBorder radius="md" padding={0} data-testid="logbook-entry" data-entry-id={entry.id}>
      <UnstyledButton
        onClick={() => onOpen(entry.id)}
        p="md"
        mih={64}
        w="100%"
        aria-label={t('logbook.list.open', { date: formatEntryDate(entry.date), site: entry.site ?? '' })}
      >
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600}>
              {formatEntryDate(entry.date)}
              {entry.site ? (
                <Text span c="dimmed" fw={400}>
                  {' · '}
                  {entry.site}
                </Text>
              ) : null}
            </Text>
            <Group gap="md" wrap="wrap">
              <Group gap={4} wrap="nowrap">
                <IconClock size={16} aria-hidden />
                <Text size="sm">
                  {entry.shiftStart}–{entry.shiftEnd}
                  {entry.overnight ? ` (${t('logbook.shift.overnight')})` : ''}
                </Text>
              </Group>
              {entry.createdByName ? (
                <Group gap={4} wrap="nowrap">
                  <IconUser size={16} aria-hidden />
                  <Text size="sm">{entry.createdByName}</Text>
                </Group>
              ) : null}
            </Group>
          </Stack>
          <Group gap="xs" wrap="wrap">
            {broken > 0 ? (
              <Badge color="red" variant="outline" leftSection={<IconAlertTriangle size={12} />}>
                {t('logbook.list.conveyorIssues', { count: broken })}
              </Badge>
            ) : null}
            {open > 0 ? (
              <Badge color="orange" variant="outline">
                {t('logbook.list.openChecks', { count: open })}
              </Badge>
            ) : null}
            <LogbookStatusBadge status={entry.status} />
            <RecordSyncBadge state={syncState} />
          </Group>
        </Group>
      </UnstyledButton>
    </Card>
  );
}
