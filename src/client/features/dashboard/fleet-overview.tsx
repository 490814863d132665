import { Alert, Button, Grid, Group, Skeleton, Text, Title } from '@mantine/core';
import { SegmentedChoice } from '@/client/ui/segmented-choice';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DASHBOARD_RANGES, type DashboardRange } from '@/domain/dashboard';
import { ApiError } from '@/client/api/client';
import { useOptionalSyncEngine } from '@/client/offline/engine-context';
import { useStore } from '@/client/lib/store';
import type { SyncEngine } from '@/client/offline/engine';
import { formatWhen } from './format';
import { ActivityTile } from './tiles/activity-tile';
import { FleetTile } from './tiles/fleet-tile';
import { MaintenanceTile } from './tiles/maintenance-tile';
import { TopExcavatorsTile } from './tiles/top-excavators-tile';
import { TrendTile } from './tiles/trend-tile';
import { useDashboardData } from './use-dashboard-data';

interface FleetOverviewProps {
  range: DashboardRange;
  onRangeChange(range: DashboardRange): void;
}

/** When this device last pulled from the server (the engine is loaded whenever the mirror is shown). */
function LastSync({ engine }: { engine: SyncEngine }) {
  const { t } = useTranslation();
  const { lastPulledAt } = useStore(engine.status);
  return lastPulledAt
    ? t('dashboard.offline.lastSync', { when: formatWhen(new Date(lastPulledAt).toISOString()) })
    : null;
}

function OfflineNotice() {
  const { t } = useTranslation();
  const engine = useOptionalSyncEngine();
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconCloudOff size={18} />}
      title={t('dashboard.offline.title')}
      data-testid="dashboard-offline"
    >
      {t('dashboard.offline.body')} {engine ? <LastSync engine={engine} /> : null}
    </Alert>
  );
}

function LoadingGrid() {
  return (
    <Grid>
      {[0, 1, 2, 3, 4].map((i) => (
        <Grid.Col key={i} span={{ base: 12, sm: 6, lg: i === 3 ? 8 : 4 }}>
          <Skeleton h={220} radius="lg" />
        </Grid.Col>
      ))}
    </Grid>
  );
}

/** Range switch and tiles for everyone but dispatchers. */
export function FleetOverview({ range, onRangeChange }: FleetOverviewProps) {
  const { t } = useTranslation();
  const { view, loading, error, reload, mirrorSource } = useDashboardData(range, true);

  const header = (
    <Group justify="space-between" align="center" gap="sm">
      <Title order={2} size="h3">
        {t('dashboard.overview')}
      </Title>
      {/* A row of radios coloured by CSS: Mantine's segmented control measured itself on every
          layout change of the page, a forced layout in each of the start's commits. */}
      <SegmentedChoice
        label={t('dashboard.range.label')}
        value={String(range)}
        onChange={(value) => onRangeChange(Number(value) as DashboardRange)}
        options={DASHBOARD_RANGES.map((days) => ({
          value: String(days),
          label: t('dashboard.range.days', { count: days }),
          color: 'fleet',
        }))}
      />
    </Group>
  );

  if (!view) {
    return (
      <>
        {header}
        {mirrorSource}
        {error ? (
          <Alert color="red" variant="light" title={t('dashboard.error.title')}>
            <Text size="sm" mb="sm">
              {error instanceof ApiError && error.serverMessage ? error.message : t('dashboard.error.body')}
            </Text>
            <Button size="xs" variant="light" onClick={reload}>
              {t('common.retry')}
            </Button>
          </Alert>
        ) : (
          <LoadingGrid />
        )}
      </>
    );
  }

  return (
    <>
      {header}
      {mirrorSource}
      {view.source === 'device' ? <OfflineNotice /> : null}
      <Grid style={{ opacity: loading ? 0.6 : 1, transition: 'opacity 150ms' }} aria-busy={loading}>
        {view.fleet ? (
          <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
            <FleetTile fleet={view.fleet} />
          </Grid.Col>
        ) : null}
        {view.upcomingMaintenance ? (
          <Grid.Col span={{ base: 12, sm: 6, lg: 4 }}>
            <MaintenanceTile upcoming={view.upcomingMaintenance} />
          </Grid.Col>
        ) : null}
        {view.topExcavators ? (
          <Grid.Col span={{ base: 12, sm: 6, lg: 4 }} order={{ base: 4, lg: 3 }}>
            <TopExcavatorsTile items={view.topExcavators.items} range={view.range} />
          </Grid.Col>
        ) : null}
        {view.reportsTrend ? (
          <Grid.Col span={{ base: 12, lg: 8 }} order={{ base: 3, lg: 4 }}>
            <TrendTile trend={view.reportsTrend} from={view.from} to={view.to} range={view.range} />
          </Grid.Col>
        ) : null}
        <Grid.Col span={{ base: 12, sm: 6, lg: 4 }} order={5}>
          <ActivityTile entries={view.recentActivity} />
        </Grid.Col>
      </Grid>
    </>
  );
}
