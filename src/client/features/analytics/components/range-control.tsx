import { SegmentedControl } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
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
  // Four German ranges at the normal size are wider than a phone ("6 Monate"): smaller, the screen's width.
  const phone = useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false });
  return (
    <SegmentedControl
      size={phone ? 'sm' : 'md'}
      fullWidth={phone}
      // "Τελευταίος μήνας" takes two lines in its quarter rather than push the page sideways.
      styles={phone ? { label: { whiteSpace: 'normal', lineHeight: 1.2, paddingInline: 4 } } : undefined}
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
