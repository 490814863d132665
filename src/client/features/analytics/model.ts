import { z } from 'zod';
import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE, type AnalyticsRange } from '@/domain/analytics';

export const ANALYTICS_TABS = ['overview', 'metrics', 'alerts', 'trends'] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

/** /analytics search params: the open tab and the range (defaults: overview, 6 months). */
export const analyticsSearchSchema = z.object({
  tab: z.enum(ANALYTICS_TABS).optional().catch(undefined),
  range: z.enum(ANALYTICS_RANGES).optional().catch(undefined),
});
export type AnalyticsSearch = z.infer<typeof analyticsSearchSchema>;

export const tabOf = (search: AnalyticsSearch): AnalyticsTab => search.tab ?? 'overview';
export const rangeOf = (search: AnalyticsSearch): AnalyticsRange => search.range ?? DEFAULT_ANALYTICS_RANGE;
