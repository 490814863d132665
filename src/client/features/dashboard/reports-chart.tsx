import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useTranslation } from 'react-i18next';
import type { ReportsDay } from '@/domain/dashboard';
import { REPORT_STATUSES } from '@/domain/report-status';
import { formatDay } from './format';
import { REPORT_STATUS_CHART_COLOR } from './report-colors';
import { REPORT_STATUS_LABEL } from './labels';

/** Reports per day, stacked by status (loaded on demand: recharts is large). */
export default function ReportsChart({ days }: { days: ReportsDay[] }) {
  const { t } = useTranslation();
  const data = days.map((day) => ({ ...day, day: formatDay(day.date) }));
  return (
    <BarChart
      h={220}
      data={data}
      dataKey="day"
      type="stacked"
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 40 }}
      tickLine="y"
      gridAxis="y"
      yAxisProps={{ allowDecimals: false, width: 28 }}
      series={REPORT_STATUSES.map((status) => ({
        name: status,
        label: t(REPORT_STATUS_LABEL[status]),
        color: REPORT_STATUS_CHART_COLOR[status],
      }))}
    />
  );
}
