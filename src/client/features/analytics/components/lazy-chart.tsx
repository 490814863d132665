import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { CHART_HEIGHT, type ChartSpec } from './chart-spec';

const AnalyticsChart = lazy(() => import('./charts'));

/** A chart whose code (recharts, @mantine/charts) arrives on first use, with a placeholder meanwhile. */
export function LazyChart(spec: ChartSpec) {
  return (
    <Suspense fallback={<Skeleton h={CHART_HEIGHT} radius="md" data-testid="chart-loading" />}>
      <AnalyticsChart {...spec} />
    </Suspense>
  );
}
