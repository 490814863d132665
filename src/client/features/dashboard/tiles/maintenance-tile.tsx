import { Badge, Group, Stack, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { QuietBoundary } from '@/client/ui/quiet-boundary';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@/domain/dashboard';
import { formatHours } from '../format';
import { excavatorHref, maintenanceHref } from '@/client/lib/links';
import { TileLink } from '@/client/ui/tile-link';
import { EmptyLine, Tile } from './tile';
import { MAINTENANCE_LABEL } from '../labels';
import { WhenEngineReady } from '@/client/offline/engine-context';

// Open follow-ups come from the device's mirror: they load with the offline engine, after the first paint,
// from a file that holds this list alone.
const UpcomingFollowUps = lazy(() =>
  import('@/client/features/follow-ups/public-upcoming').then((module) => ({
    default: module.UpcomingFollowUps,
  })),
);

type Upcoming = NonNullable<Dashboard['upcomingMaintenance']>;

const LABEL_COLOR = { urgent: 'red', soon: 'yellow' } as const;

/** Machines due for maintenance by the shared rules, most urgent first. */
export function MaintenanceTile({ upcoming }: { upcoming: Upcoming }) {
  const { t } = useTranslation();
  return (
    <Tile
      title={t('dashboard.maintenance.title')}
      hint={t('dashboard.maintenance.hint', { hours: formatHours(upcoming.intervalHours) })}
      link={{ href: maintenanceHref(), label: t('dashboard.viewAll') }}
      testId="dashboard-maintenance"
    >
      <Group gap="sm">
        <TileLink href={maintenanceHref('urgent')} c="inherit">
          <Badge color="red" variant="filled" size="lg" styles={{ root: { textTransform: 'none' } }}>
            {t('dashboard.maintenance.urgentCount', { count: upcoming.urgent })}
          </Badge>
        </TileLink>
        <TileLink href={maintenanceHref('soon')} c="inherit">
          <Badge color="yellow" variant="light" size="lg" styles={{ root: { textTransform: 'none' } }}>
            {t('dashboard.maintenance.soonCount', { count: upcoming.soon })}
          </Badge>
        </TileLink>
      </Group>
      {upcoming.items.length === 0 ? (
        <EmptyLine>{t('dashboard.maintenance.empty')}</EmptyLine>
      ) : (
        <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {upcoming.items.map((item) => (
            <Group key={item.id} justify="space-between" wrap="nowrap" component="li" gap="xs">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <TileLink href={excavatorHref(item.id)} fw={600} size="sm" truncate>
                  {item.name}
                </TileLink>
                <Text size="xs" c="dimmed">
                  {item.hoursUntil < 0
                    ? t('dashboard.maintenance.overdue', { hours: formatHours(-item.hoursUntil) })
                    : t('dashboard.maintenance.dueIn', { hours: formatHours(item.hoursUntil) })}
                  {' · '}
                  {t('dashboard.maintenance.dueAt', { hours: formatHours(item.dueAtHours) })}
                </Text>
              </Stack>
              <Badge
                color={LABEL_COLOR[item.label]}
                variant={item.label === 'urgent' ? 'filled' : 'light'}
                // The machine's name gives way, never the label ("Bald" cut to "B…").
                style={{ flexShrink: 0 }}
              >
                {t(MAINTENANCE_LABEL[item.label])}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
      <WhenEngineReady>
        <QuietBoundary>
          <Suspense fallback={null}>
            <UpcomingFollowUps />
          </Suspense>
        </QuietBoundary>
      </WhenEngineReady>
    </Tile>
  );
}
