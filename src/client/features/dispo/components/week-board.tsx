import { Alert, Badge, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DISPO_UPCOMING_DAYS } from '@/domain/constants';
import type { DispoOverview } from '@/domain/dispo/board';
import { getOverview } from '../api/assignments';
import { dispoErrorMessage } from '../api/errors';
import { formatDay } from '../format';
import { useRemoteData } from '@/client/lib/use-remote-data';
import { AssignmentLink } from './assignment-link';
import { STATUS_LABEL } from '../labels';

/** The next DISPO_UPCOMING_DAYS days by driver (a week board), with drafts and published per day. */
export function WeekBoard({ refresh }: { refresh: number }) {
  const { t } = useTranslation();
  const overview = useRemoteData(`overview#${refresh}`, getOverview);
  if (overview.error && !overview.data)
    return (
      <Alert color="red" role="alert" icon={<IconAlertTriangle />}>
        {dispoErrorMessage(overview.error, t, t('dispo.errors.loadFailed'))}
      </Alert>
    );
  if (!overview.data) return <Skeleton height={240} aria-label={t('dispo.loading')} />;
  return <Board overview={overview.data} />;
}

function dayCounts(overview: DispoOverview, date: string) {
  const all = overview.drivers.flatMap((row) => row.days.find((d) => d.date === date)?.assignments ?? []);
  return {
    draft: all.filter((a) => a.status === 'draft').length,
    published: all.filter((a) => a.status === 'published').length,
  };
}

function Board({ overview }: { overview: DispoOverview }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <Text c="dimmed" size="sm">
        {t('dispo.board.window', {
          days: DISPO_UPCOMING_DAYS,
          from: formatDay(overview.from, 'short'),
          to: formatDay(overview.to, 'short'),
        })}
      </Text>
      <Card withBorder padding={0} radius="md">
        <Table.ScrollContainer minWidth={900} type="native">
          <Table withColumnBorders verticalSpacing="xs" aria-label={t('dispo.board.label')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dispo.fields.driver')}</Table.Th>
                {overview.dates.map((date) => {
                  const counts = dayCounts(overview, date);
                  return (
                    <Table.Th key={date}>
                      <Stack gap={2}>
                        <Text size="sm" fw={600}>
                          {formatDay(date, 'short')}
                        </Text>
                        <Text size="xs" c="dimmed" fw={400}>
                          {t('dispo.board.dayCounts', counts)}
                        </Text>
                      </Stack>
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {overview.drivers.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={overview.dates.length + 1}>
                    <Text c="dimmed" ta="center" py="md">
                      {t('dispo.board.noDrivers')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
              {overview.drivers.map((row) => (
                <Table.Tr key={row.driver.id}>
                  <Table.Th scope="row">
                    <Text size="sm" fw={500} c={row.driver.active ? undefined : 'dimmed'}>
                      {row.driver.name}
                    </Text>
                  </Table.Th>
                  {row.days.map((day) => (
                    <Table.Td key={day.date} valign="top">
                      <Stack gap={4}>
                        {day.assignments.map((a) => (
                          <AssignmentLink
                            key={a.id}
                            id={a.id}
                            underline="never"
                            aria-label={t('dispo.board.open', { driver: row.driver.name, date: day.date })}
                          >
                            <Card padding={6} radius="sm" withBorder>
                              <Group gap={4} justify="space-between" wrap="nowrap">
                                <Badge
                                  size="xs"
                                  variant="light"
                                  color={a.status === 'published' ? 'green' : 'gray'}
                                  style={{ minWidth: 'max-content' }}
                                >
                                  {t(STATUS_LABEL[a.status])}
                                </Badge>
                                <Text size="xs" c="dimmed">
                                  {t('dispo.board.rounds', { done: a.roundsDone, count: a.rounds })}
                                </Text>
                              </Group>
                              <Text size="xs" mt={2}>
                                {a.licensePlate ?? t('dispo.board.noTruck')} ·{' '}
                                {t('dispo.board.containers', { count: a.containers })}
                              </Text>
                            </Card>
                          </AssignmentLink>
                        ))}
                      </Stack>
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
    </Stack>
  );
}
