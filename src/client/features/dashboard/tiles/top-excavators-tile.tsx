import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TopExcavator } from '@/domain/dashboard';
import { formatHours } from '../format';
import { excavatorHref } from '@/client/lib/links';
import { TileLink } from '@/client/ui/tile-link';
import { FLEET_STATUS_COLOR } from './fleet-tile';
import { EmptyLine, Tile } from './tile';

/** The machines with the most usage hours, with their reports in the chosen range. */
export function TopExcavatorsTile({ items, range }: { items: TopExcavator[]; range: number }) {
  const { t } = useTranslation();
  return (
    <Tile
      title={t('dashboard.top.title')}
      hint={t('dashboard.top.hint', { days: range })}
      link={{ href: '/excavators', label: t('dashboard.viewAll') }}
      testId="dashboard-top"
    >
      {items.length === 0 ? (
        <EmptyLine>{t('dashboard.fleet.empty')}</EmptyLine>
      ) : (
        <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {items.map((machine, index) => (
            <Group key={machine.id} justify="space-between" wrap="nowrap" component="li" gap="xs">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                <Text c="dimmed" size="sm" w={18}>
                  {index + 1}.
                </Text>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <TileLink
                    href={excavatorHref(machine.id)}
                    fw={600}
                    size="sm"
                    truncate
                    className="tap-target-line"
                  >
                    {machine.name}
                  </TileLink>
                  <Text size="xs" c="dimmed" truncate>
                    {machine.model} · {t('dashboard.top.reports', { count: machine.reportsInRange })}
                  </Text>
                </Stack>
              </Group>
              <Badge
                variant="light"
                color={FLEET_STATUS_COLOR[machine.status]}
                // The hours are the point of the row: the badge keeps its width, the name gives way.
                styles={{
                  root: { textTransform: 'none', flexShrink: 0, overflow: 'visible' },
                  label: { overflow: 'visible' },
                }}
                data-testid="top-excavator-hours"
              >
                {formatHours(machine.usageHours)}
              </Badge>
            </Group>
          ))}
        </Stack>
      )}
    </Tile>
  );
}
