import { ANALYTICS_RANGES, DEFAULT_ANALYTICS_RANGE, type AnalyticsRange } from '@/domain/constants';
import { oneOf } from '@/client/lib/search-params';

export const ANALYTICS_TABS = ['overview', 'metrics', 'alerts', 'trends'] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

/** /analytics search params: the open tab and the range (defaults: overview, 6 months). */
export interface AnalyticsSearch {
  tab?: AnalyticsTab;
  range?: AnalyticsRange;
}

export function analyticsSearch(search: Record<string, unknown>): AnalyticsSearch {
  return { tab: oneOf(ANALYTICS_TABS, search.tab), range: oneOf(ANALYTICS_RANGES, search.range) };
}

export const tabOf = (search: AnalyticsSearch): AnalyticsTab => search.tab ?? 'overview';
export const rangeOf = (search: AnalyticsSearch): AnalyticsRange => search.range ?? DEFAULT_ANALYTICS_RANGE;
