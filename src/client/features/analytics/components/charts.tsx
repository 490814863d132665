import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { useAnalyticsFormat } from '../format';
import { CategoryTick, CATEGORY_AXIS_WIDTH } from './axis-label';
import { CHART_HEIGHT, type ChartSpec } from './chart-spec';

/*
 * The chart components, loaded on demand (React.lazy in lazy-chart.tsx): recharts stays out of the
 * first load. Mantine charts take their colours from the theme's CSS variables, so they follow dark mode.
 */

export default function AnalyticsChart({ kind, data, dataKey, series, valueFormatter }: ChartSpec) {
  const format = useAnalyticsFormat();
  // A chart without its own formatter counts things: whole numbers on the axis ("2", not "2.25"), and
  // written in the UI language like every other figure.
  const counts = !valueFormatter;
  const common = {
    h: CHART_HEIGHT,
    data,
    dataKey,
    series,
    valueFormatter: valueFormatter ?? ((value: number) => format.number(value)),
    withLegend: series.length > 1,
    tooltipAnimationDuration: 150,
    // Room for formatted values such as "€1,800.00" on the value axis.
    yAxisProps: { width: counts ? 48 : 84, allowDecimals: !counts },
  };
  if (kind === 'line') return <LineChart {...common} connectNulls curveType="monotone" />;
  if (kind === 'horizontal')
    return (
      <BarChart
        {...common}
        h={Math.max(CHART_HEIGHT, data.length * 36 + 40)}
        orientation="vertical"
        yAxisProps={{ width: CATEGORY_AXIS_WIDTH, tick: CategoryTick, interval: 0 }}
        xAxisProps={{ allowDecimals: !counts }}
        gridAxis="x"
      />
    );
  return <BarChart {...common} type={kind === 'stacked' ? 'stacked' : 'default'} />;
}
