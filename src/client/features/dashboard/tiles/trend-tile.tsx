import { Badge, Group, Skeleton, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dashboard } from '@/domain/dashboard';
import { REPORT_STATUSES } from '@/domain/report-status';
import { formatDate } from '../format';
import { reportsHref } from '@/client/lib/links';
import { REPORT_STATUS_CHART_COLOR } from '../report-colors';
import { TileLink } from '@/client/ui/tile-link';
import { EmptyLine, Tile } from './tile';
import { REPORT_STATUS_LABEL } from '../labels';

const ReportsChart = lazy(() => import('../reports-chart'));

type Trend = NonNullable<Dashboard['reportsTrend']>;

/** Reports per day over the chosen range; the totals per status open the filtered report list. */
export function TrendTile({
  trend,
  from,
  to,
  range,
}: {
  trend: Trend;
  from: string;
  to: string;
  range: number;
}) {
  const { t } = useTranslation();
  const total = REPORT_STATUSES.reduce((sum, status) => sum + trend.totals[status], 0);
  return (
    <Tile
      title={t('dashboard.trend.title')}
      hint={t('dashboard.trend.hint', { days: range, count: total })}
      link={{ href: reportsHref({ from, to }), label: t('dashboard.viewAll') }}
      testId="dashboard-trend"
    >
      <Group gap="xs">
        {REPORT_STATUSES.map((status) => (
          <TileLink key={status} href={reportsHref({ status, from, to })} c="inherit">
            <Badge
              variant="light"
              color={REPORT_STATUS_CHART_COLOR[status].split('.')[0]}
              styles={{ root: { textTransform: 'none' } }}
              data-testid={`dashboard-trend-${status}`}
            >
              {t(REPORT_STATUS_LABEL[status])}: {trend.totals[status]}
            </Badge>
          </TileLink>
        ))}
      </Group>
      {total === 0 ? (
        <EmptyLine>{t('dashboard.trend.empty')}</EmptyLine>
      ) : (
        <Suspense fallback={<Skeleton h={220} radius="md" />}>
          <div role="img" aria-label={t('dashboard.trend.chartLabel', { days: range, count: total })}>
            <ReportsChart days={trend.days} />
          </div>
        </Suspense>
      )}
      <Text size="xs" c="dimmed">
        {t('dashboard.trend.period', { from: formatDate(from), to: formatDate(to) })}
      </Text>
    </Tile>
  );
}
