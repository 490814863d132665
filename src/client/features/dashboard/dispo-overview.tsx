import { Alert, Badge, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_DISPO_DAYS } from '@/domain/dashboard';
import type { Assignment } from '@/domain/dispo/assignments';
import { useOnline } from '@/client/offline/connectivity';
import { fetchUpcomingAssignments } from './api';
import { localToday } from '@/client/lib/dates';
import { formatWeekday } from './format';
import { TileLink } from '@/client/ui/tile-link';
import { EmptyLine, Tile } from './tiles/tile';
import { useRemoteData } from '@/client/lib/use-remote-data';
import { DISPO_STATUS_LABEL } from './labels';

function byDate(items: readonly Assignment[]): Array<[string, Assignment[]]> {
  const groups = new Map<string, Assignment[]>();
  for (const item of items) groups.set(item.date, [...(groups.get(item.date) ?? []), item]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** A dispatcher's dashboard: the assignments of today and the next days. */
export function DispoOverviewTile() {
  const { t } = useTranslation();
  const online = useOnline();
  const today = localToday();
  const upcoming = useRemoteData(online ? `dispo:${today}` : null, (signal) =>
    fetchUpcomingAssignments(today, DASHBOARD_DISPO_DAYS, signal),
  );

  let body;
  if (!online && !upcoming.data) body = <EmptyLine>{t('dashboard.dispo.offline')}</EmptyLine>;
  else if (upcoming.error && !upcoming.data)
    body = (
      <Alert color="red" variant="light">
        {t('dashboard.dispo.error')}
      </Alert>
    );
  else if (!upcoming.data) body = <Skeleton h={120} radius="md" />;
  else if (upcoming.data.length === 0) body = <EmptyLine>{t('dashboard.dispo.empty')}</EmptyLine>;
  else
    body = (
      <Stack gap="md">
        {byDate(upcoming.data).map(([date, items]) => (
          <Stack key={date} gap={6}>
            <Text fw={700} size="sm">
              {formatWeekday(date)}
            </Text>
            {items.map((a) => (
              <Group key={a.id} justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <TileLink
                    href={`/dispo/assignments/${encodeURIComponent(a.id)}`}
                    size="sm"
                    fw={600}
                    truncate
                  >
                    {a.driver?.name ?? t('dashboard.dispo.noDriver')}
                  </TileLink>
                  <Text size="xs" c="dimmed">
                    {[a.truck?.licensePlate, t('dashboard.dispo.rounds', { count: a.rounds.length })]
                      .filter(Boolean)
                      .join(' · ')}
                  </Text>
                </Stack>
                <Badge color={a.status === 'published' ? 'green' : 'gray'} variant="light">
                  {t(DISPO_STATUS_LABEL[a.status])}
                </Badge>
              </Group>
            ))}
          </Stack>
        ))}
      </Stack>
    );

  return (
    <Tile
      title={t('dashboard.dispo.title')}
      hint={t('dashboard.dispo.hint', { days: DASHBOARD_DISPO_DAYS })}
      link={{ href: '/dispo?tab=overview', label: t('dashboard.viewAll') }}
      testId="dashboard-dispo"
    >
      {body}
    </Tile>
  );
}
