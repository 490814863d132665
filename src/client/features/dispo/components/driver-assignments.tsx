import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_LIMIT } from '@/domain/constants';
import { countContainers } from '@/domain/dispo';
import { listAssignments } from '../api/assignments';
import { formatDay, localToday } from '../format';
import { useResource } from '../use-resource';
import { AssignmentLink } from './assignment-link';
import { StatusBadge } from './status-badge';

/**
 * The field view of a driver who signs in as an operator: the server answers only the published
 * assignments of the drivers linked to this account (nothing for anybody else), so an operator who
 * drives nothing sees only the dispatcher note above.
 */
export function DriverAssignments() {
  const { t } = useTranslation();
  const path = `/containers/assignments?page=1&limit=${MAX_LIMIT}&from=${localToday()}&sort=date`;
  const list = useResource(path, (signal) => listAssignments(path, signal));
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Stack gap="sm" maw={960} mx="auto" px="md" pb="xl">
      <Title order={2} size="h3">
        {t('dispo.field.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {items.map((a) => {
          const { placed, pickedUp } = countContainers(a.rounds);
          return (
            <AssignmentLink key={a.id} id={a.id} underline="never" c="inherit">
              <Card withBorder radius="md" padding="md">
                <Group justify="space-between" mb={4}>
                  <Text fw={600}>{formatDay(a.date)}</Text>
                  <StatusBadge status={a.status} />
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
