import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_LIMIT } from '@/domain/constants';
import { countContainers, type Assignment } from '@/domain/dispo/assignments';
import { useCollectionSyncStates } from '@/client/offline';
import { RecordSyncBadge } from '@/client/shell/sync-panel';
import { listAssignments } from '../api/assignments';
import { formatDay } from '../format';
import { localToday } from '@/client/lib/dates';
import { ASSIGNMENTS, useAssignmentMirrorReady, useMyMirroredAssignments } from '../use-assignment-mirror';
import { useRemoteData } from '@/client/lib/use-remote-data';
import { AssignmentLink } from './assignment-link';
import { OfflineCopyNotice } from './offline-copy-notice';
import { StatusBadge } from './status-badge';

/**
 * The field view of a driver who signs in as an operator: the published assignments of the drivers
 * linked to this account from today on. It reads the device's copy (kept current by sync, there
 * without signal too) once the device holds this user's mirror, and the server until then. An operator
 * who drives nothing sees only the dispatcher note above.
 */
export function DriverAssignments() {
  const { t } = useTranslation();
  const today = localToday();
  const ready = useAssignmentMirrorReady();
  const mirrored = useMyMirroredAssignments(today, ready === true);
  const path = `/containers/assignments?page=1&limit=${MAX_LIMIT}&from=${today}&sort=date`;
  const list = useRemoteData(ready === false ? path : null, (signal) => listAssignments(path, signal));
  const syncStates = useCollectionSyncStates(ASSIGNMENTS);
  const items: Assignment[] = (ready ? mirrored : list.data?.items) ?? [];
  if (items.length === 0) return null;
  return (
    <Stack gap="sm" maw={960} mx="auto" px="md" pb="xl">
      <Title order={2} size="h3">
        {t('dispo.field.title')}
      </Title>
      {ready ? <OfflineCopyNotice /> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {items.map((a) => {
          const { placed, pickedUp } = countContainers(a.rounds);
          return (
            <AssignmentLink key={a.id} id={a.id} underline="never" c="inherit">
              <Card withBorder radius="md" padding="md">
                <Group justify="space-between" mb={4}>
                  <Text fw={600}>{formatDay(a.date)}</Text>
                  <Group gap={6}>
                    <RecordSyncBadge state={syncStates.get(a.id)} />
                    <StatusBadge status={a.status} />
                  </Group>
                </Group>
                <Text size="sm">{a.truck?.licensePlate ?? t('dispo.form.noTruck')}</Text>
                <Text size="sm" c="dimmed">
                  {t('dispo.board.rounds', {
                    done: a.rounds.filter((r) => r.done).length,
                    count: a.rounds.length,
                  })}{' '}
                  · {t('dispo.list.containers', { placed, pickedUp })}
                </Text>
              </Card>
            </AssignmentLink>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
