import {
  analyticsDetailedSchema,
  analyticsSummarySchema,
  type AnalyticsDetailed,
  type AnalyticsRange,
  type AnalyticsSummary,
} from '@/domain/analytics';
import { apiFetch } from '@/client/api/client';

/** GET /api/analytics/summary: the headline figures. */
export async function fetchSummary(signal?: AbortSignal): Promise<AnalyticsSummary> {
  return analyticsSummarySchema.parse(await apiFetch<unknown>('/analytics/summary', { signal }));
}

/** GET /api/analytics/detailed?range=…: series, breakdowns and alerts of the range. */
export async function fetchDetailed(range: AnalyticsRange, signal?: AbortSignal): Promise<AnalyticsDetailed> {
  return analyticsDetailedSchema.parse(
    await apiFetch<unknown>(`/analytics/detailed?range=${encodeURIComponent(range)}`, { signal }),
  );
}
