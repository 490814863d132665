import type { AiStatsRow } from '@/domain/ai';

export interface HelperTotals {
  helper: string;
  calls: number;
  errors: number;
  promptTokens: number;
  completionTokens: number;
  /** Average latency over all calls (weighted by calls per day), ms. */
  avgLatencyMs: number;
  /** The highest daily p95 (a day's p95 cannot be combined exactly). */
  p95LatencyMs: number;
}

/** The per-day rows summed per helper, busiest helper first. */
export function totalsByHelper(rows: readonly AiStatsRow[]): HelperTotals[] {
  const byHelper = new Map<string, HelperTotals & { latencySum: number }>();
  for (const row of rows) {
    const current = byHelper.get(row.helper) ?? {
      helper: row.helper,
      calls: 0,
      errors: 0,
      promptTokens: 0,
      completionTokens: 0,
      avgLatencyMs: 0,
      p95LatencyMs: 0,
      latencySum: 0,
    };
    current.calls += row.calls;
    current.errors += row.errors;
    current.promptTokens += row.promptTokens;
    current.completionTokens += row.completionTokens;
    current.latencySum += row.avgLatencyMs * row.calls;
    current.p95LatencyMs = Math.max(current.p95LatencyMs, row.p95LatencyMs);
    byHelper.set(row.helper, current);
  }
  return [...byHelper.values()]
    .map(({ latencySum, ...totals }) => ({
      ...totals,
      avgLatencyMs: totals.calls > 0 ? Math.round(latencySum / totals.calls) : 0,
    }))
    .sort((a, b) => b.calls - a.calls || a.helper.localeCompare(b.helper));
}
