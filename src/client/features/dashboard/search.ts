import { DASHBOARD_RANGES, type DashboardRange } from '@/domain/constants';
import { oneOf } from '@/client/lib/search-params';

/** `/?range=30`: the trend's range lives in the URL (no extra routes). */
export interface DashboardSearch {
  range?: DashboardRange;
}

export function dashboardSearch(search: Record<string, unknown>): DashboardSearch {
  return { range: oneOf(DASHBOARD_RANGES, search.range) };
}
