import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FleetStatusCounts } from '@/domain/dashboard';
import { EXCAVATOR_STATUSES, type ExcavatorStatus } from '@/domain/excavator';
import { excavatorsHref } from '@/client/lib/links';
import { TileLink } from '@/client/ui/tile-link';
import { EmptyLine, Tile } from './tile';
import { FLEET_STATUS_LABEL } from '../labels';

export const FLEET_STATUS_COLOR: Record<ExcavatorStatus, string> = {
  operational: 'green',
  maintenance: 'yellow',
  out_of_service: 'red',
};

/** Live machines per status; each status opens the excavator list filtered by it. */
export function FleetTile({ fleet }: { fleet: FleetStatusCounts }) {
  const { t } = useTranslation();
  return (
    <Tile
      title={t('dashboard.fleet.title')}
      hint={t('dashboard.fleet.total', { count: fleet.total })}
      link={{ href: excavatorsHref(), label: t('dashboard.viewAll') }}
      testId="dashboard-fleet"
    >
      {fleet.total === 0 ? (
        <EmptyLine>{t('dashboard.fleet.empty')}</EmptyLine>
      ) : (
        <Stack gap="xs">
          {EXCAVATOR_STATUSES.map((status) => (
            <Group key={status} justify="space-between" wrap="nowrap">
              <TileLink href={excavatorsHref(status)} c="inherit" size="sm">
                <Group gap="xs" wrap="nowrap">
                  <Badge
                    color={FLEET_STATUS_COLOR[status]}
                    variant="dot"
                    size="lg"
                    styles={{ root: { textTransform: 'none' } }}
                  >
                    {t(FLEET_STATUS_LABEL[status])}
                  </Badge>
                </Group>
              </TileLink>
              <Text fw={700} size="lg" data-testid={`dashboard-fleet-${status}`}>
                {fleet[status]}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Tile>
  );
}
