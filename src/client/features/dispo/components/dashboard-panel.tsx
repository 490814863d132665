import { Alert, Badge, Card, List, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DispoDashboard } from '@/domain/dispo/board';
import { getDashboard } from '../api/assignments';
import { dispoErrorMessage } from '../api/errors';
import { formatDay } from '../format';
import { useRemoteData } from '@/client/lib/use-remote-data';
import { AssignmentLink } from './assignment-link';

/** Today's rounds, containers placed and picked up per type this week, drivers without work today. */
export function DashboardPanel({ refresh }: { refresh: number }) {
  const { t } = useTranslation();
  const dashboard = useRemoteData(`dashboard#${refresh}`, getDashboard);
  if (dashboard.error && !dashboard.data)
    return (
      <Alert color="red" role="alert" icon={<IconAlertTriangle />}>
        {dispoErrorMessage(dashboard.error, t, t('dispo.errors.loadFailed'))}
      </Alert>
    );
  if (!dashboard.data) return <Skeleton height={240} aria-label={t('dispo.loading')} />;
  return <Dashboard data={dashboard.data} />;
}

function Dashboard({ data }: { data: DispoDashboard }) {
  const { t } = useTranslation();
  const done = data.todayRounds.filter((r) => r.done).length;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card withBorder radius="md" component="section" aria-label={t('dispo.dashboard.todayRounds')}>
        <Title order={3} size="h5" mb={4}>
          {t('dispo.dashboard.todayRounds')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {formatDay(data.date)} · {t('dispo.dashboard.roundsDone', { done, count: data.todayRounds.length })}
        </Text>
        {data.todayRounds.length === 0 ? (
          <Text c="dimmed">{t('dispo.dashboard.noRoundsToday')}</Text>
        ) : (
          <Stack gap={6}>
            {data.todayRounds.map((round) => (
              <AssignmentLink
                key={`${round.assignmentId}-${round.index}`}
                id={round.assignmentId}
                underline="hover"
                c="inherit"
              >
                <Text size="sm">
                  <Badge size="xs" mr={6} variant="light" color={round.done ? 'green' : 'blue'}>
                    {round.done ? t('dispo.rounds.done') : t('dispo.rounds.open')}
                  </Badge>
                  {round.driverName} · {t('dispo.form.round', { n: round.index + 1 })} ·{' '}
                  {t('dispo.board.containers', { count: round.containers })}
                  {round.licensePlate ? ` · ${round.licensePlate}` : ''}
                </Text>
              </AssignmentLink>
            ))}
          </Stack>
        )}
      </Card>
      <Card withBorder radius="md" component="section" aria-label={t('dispo.dashboard.driversFree')}>
        <Title order={3} size="h5" mb="sm">
          {t('dispo.dashboard.driversFree')}
        </Title>
        {data.driversWithoutAssignment.length === 0 ? (
          <Text c="dimmed">{t('dispo.dashboard.allDriversPlanned')}</Text>
        ) : (
          <List size="sm" spacing={4}>
            {data.driversWithoutAssignment.map((driver) => (
              <List.Item key={driver.id}>
                {driver.name}
                {driver.phone ? ` · ${driver.phone}` : ''}
              </List.Item>
            ))}
          </List>
        )}
      </Card>
      <Card withBorder radius="md" component="section" style={{ gridColumn: '1 / -1' }}>
        <Title order={3} size="h5" mb={4}>
          {t('dispo.dashboard.containersWeek')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {formatDay(data.week.from, 'short')} – {formatDay(data.week.to, 'short')}
        </Text>
        {data.containersThisWeek.length === 0 ? (
          <Text c="dimmed">{t('dispo.dashboard.noTypes')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={420} type="native">
            <Table aria-label={t('dispo.dashboard.containersWeek')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('dispo.fields.containerType')}</Table.Th>
                  <Table.Th ta="end">{t('dispo.dashboard.placed')}</Table.Th>
                  <Table.Th ta="end">{t('dispo.dashboard.pickedUp')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.containersThisWeek.map((row) => (
                  <Table.Tr key={row.containerTypeId}>
                    <Table.Td>
                      {row.name} ({row.volume} m³)
                    </Table.Td>
                    <Table.Td ta="end">{row.placed}</Table.Td>
                    <Table.Td ta="end">{row.pickedUp}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </SimpleGrid>
  );
}
