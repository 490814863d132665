import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AiHelper, AiStats, AiStatsQuery } from '@/domain/ai';
import type { Executor } from '../../db/client';
import { aiCalls } from '../../db/schema';

export interface AiCallRecord {
  helper: AiHelper;
  userId: string | null;
  model: string;
  ok: boolean;
  errorCode: string | null;
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
}

/** One row per model call; the statistics aggregate them. */
export async function recordAiCall(executor: Executor, call: AiCallRecord): Promise<void> {
  await executor.insert(aiCalls).values({ id: uuidv7(), ...call, latencyMs: Math.round(call.latencyMs) });
}

const DAY_MS = 86_400_000;
const STATS_DEFAULT_DAYS = 30;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Calls, errors, tokens and latency (average and 95th percentile, every call counted, failures too) per
 * helper and UTC day, for the inclusive day range of the query (default: the last 30 days).
 */
export async function aiStats(executor: Executor, query: AiStatsQuery, now = new Date()): Promise<AiStats> {
  const to = query.to ?? isoDay(now);
  const from =
    query.from ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (STATS_DEFAULT_DAYS - 1) * DAY_MS));
  const start = new Date(`${from}T00:00:00.000Z`);
  const end = new Date(Date.parse(`${to}T00:00:00.000Z`) + DAY_MS);
  const day = sql<string>`to_char(${aiCalls.at} at time zone 'UTC', 'YYYY-MM-DD')`;
  const rows = await executor
    .select({
      day,
      helper: aiCalls.helper,
      calls: sql<number>`count(*)::int`,
      errors: sql<number>`(count(*) filter (where not ${aiCalls.ok}))::int`,
      promptTokens: sql<number>`coalesce(sum(${aiCalls.promptTokens}), 0)::int`,
      completionTokens: sql<number>`coalesce(sum(${aiCalls.completionTokens}), 0)::int`,
      avgLatencyMs: sql<number>`round(avg(${aiCalls.latencyMs}))::int`,
      p95LatencyMs: sql<number>`round(percentile_cont(0.95) within group (order by ${aiCalls.latencyMs}))::int`,
    })
    .from(aiCalls)
    .where(
      and(
        gte(aiCalls.at, start),
        lt(aiCalls.at, end),
        query.helper ? eq(aiCalls.helper, query.helper) : undefined,
      ),
    )
    .groupBy(sql`1`, aiCalls.helper)
    .orderBy(sql`1`, aiCalls.helper);
  return { from, to, items: rows.map((r) => ({ ...r, day: String(r.day) })) };
}
