import { eq } from 'drizzle-orm';
import { AI_DEFAULT_CONFIG, type AiConfig, type AiConfigUpdate } from '@/domain/ai';
import type { Executor } from '../../db/client';
import { aiConfig } from '../../db/schema';

/** The stored configuration: the API view plus the key itself, which never leaves the server. */
export type StoredAiConfig = Omit<AiConfig, 'apiKeyConfigured'> & { apiKey: string | null };

const CONFIG_ID = 1;
const { apiKeyConfigured: _unused, ...defaults } = AI_DEFAULT_CONFIG;
export const DEFAULT_STORED_AI_CONFIG: StoredAiConfig = { ...defaults, apiKey: null };

/** The configuration, defaults when none was saved. `forUpdate` locks the row (creating it first). */
export async function readAiConfig(executor: Executor, forUpdate = false): Promise<StoredAiConfig> {
  if (forUpdate) await executor.insert(aiConfig).values({ id: CONFIG_ID }).onConflictDoNothing();
  const query = executor.select().from(aiConfig).where(eq(aiConfig.id, CONFIG_ID));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) return DEFAULT_STORED_AI_CONFIG;
  return {
    baseUrl: row.baseUrl,
    apiKey: row.apiKey,
    chatModel: row.chatModel,
    translatorModel: row.translatorModel,
    temperature: row.temperature,
    maxTokens: row.maxTokens,
    timeoutMs: row.timeoutMs,
    rateLimitPerMinute: row.rateLimitPerMinute,
    enabled: row.enabled,
  };
}

export function aiConfigToApi(stored: StoredAiConfig): AiConfig {
  const { apiKey, ...rest } = stored;
  return { ...rest, apiKeyConfigured: !!apiKey };
}

/**
 * The update applied: fields sent replace stored ones; `apiKey` omitted keeps the key — unless the base
 * URL changes: a key belongs to the service it was issued by and must not be sent to a new host
 * because someone changed only the address.
 */
export function applyAiConfigUpdate(current: StoredAiConfig, update: AiConfigUpdate): StoredAiConfig {
  const next = { ...current };
  for (const [key, value] of Object.entries(update) as Array<[keyof AiConfigUpdate, unknown]>) {
    if (value !== undefined) (next as Record<string, unknown>)[key] = value;
  }
  if (next.baseUrl !== current.baseUrl && update.apiKey === undefined) next.apiKey = null;
  return next;
}

/**
 * The audit's changed fields. The key is never written: only that it was set, replaced or cleared.
 */
export function aiConfigChanges(
  before: StoredAiConfig,
  after: StoredAiConfig,
): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as Array<keyof StoredAiConfig>) {
    if (key === 'apiKey') continue;
    if (before[key] !== after[key]) out[key] = { from: before[key], to: after[key] };
  }
  if (before.apiKey !== after.apiKey) {
    out.apiKey = {
      from: before.apiKey ? 'set' : 'not set',
      to: after.apiKey ? (before.apiKey ? 'replaced' : 'set') : 'cleared',
    };
  }
  return out;
}

export async function writeAiConfig(executor: Executor, next: StoredAiConfig, userId: string | null) {
  await executor
    .update(aiConfig)
    .set({ ...next, updatedAt: new Date(), updatedBy: userId })
    .where(eq(aiConfig.id, CONFIG_ID));
}
