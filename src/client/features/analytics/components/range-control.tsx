import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ANALYTICS_RANGES, type AnalyticsRange } from '@/domain/analytics';
import { RANGE_LABEL } from '../labels';

interface RangeControlProps {
  value: AnalyticsRange;
  onChange(value: AnalyticsRange): void;
}

/** The four ranges: last month, 3 months, 6 months, year. */
export function RangeControl({ value, onChange }: RangeControlProps) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      size="md"
      value={value}
      onChange={(next) => {
        const range = ANALYTICS_RANGES.find((r) => r === next);
        if (range) onChange(range);
      }}
      aria-label={t('analytics.ranges.label')}
      data={ANALYTICS_RANGES.map((r) => ({ value: r, label: t(RANGE_LABEL[r]) }))}
    />
  );
}
