import {
  aiChatResponseSchema,
  aiConfigResponseSchema,
  aiDataChatResponseSchema,
  aiHealthSchema,
  aiModelListSchema,
  aiStatsSchema,
  aiTranslationTestResponseSchema,
  type AiChatResponse,
  type AiConfig,
  type AiConfigUpdate,
  type AiDataChatResponse,
  type AiHealth,
  type AiModelList,
  type AiStats,
  type AiTranslationTestResponse,
} from '@/domain/ai';
import { apiFetch } from '@/client/api/client';

/* Settings → AI: the AI admin endpoints (policy 'ai:admin'), answers checked with the domain schemas. */

export async function getAiConfig(signal?: AbortSignal): Promise<AiConfig> {
  return aiConfigResponseSchema.parse(await apiFetch<unknown>('/ai/admin/config', { signal })).ai;
}

/** PUT /api/ai/admin/config: only the fields sent change; `apiKey` omitted keeps the stored key. */
export async function updateAiConfig(update: AiConfigUpdate): Promise<AiConfig> {
  const data = await apiFetch<unknown>('/ai/admin/config', { method: 'PUT', body: { ai: update } });
  return aiConfigResponseSchema.parse(data).ai;
}

export async function getAiModels(
  purpose: 'chat' | 'translator',
  signal?: AbortSignal,
): Promise<AiModelList> {
  const path = purpose === 'chat' ? '/ai/admin/models' : '/ai/admin/translator-models';
  return aiModelListSchema.parse(await apiFetch<unknown>(path, { signal }));
}

export async function getAiHealth(signal?: AbortSignal): Promise<AiHealth> {
  return aiHealthSchema.parse(await apiFetch<unknown>('/ai/admin/health', { signal }));
}

/** GET /api/ai/admin/stats: per helper and day; the server's default range is the last 30 days. */
export async function getAiStats(signal?: AbortSignal): Promise<AiStats> {
  return aiStatsSchema.parse(await apiFetch<unknown>('/ai/admin/stats', { signal }));
}

export async function aiChat(message: string, signal?: AbortSignal): Promise<AiChatResponse> {
  const data = await apiFetch<unknown>('/ai/admin/chat', { method: 'POST', body: { message }, signal });
  return aiChatResponseSchema.parse(data);
}

export async function aiDataChat(
  request: { query: string; collections: string[]; limit: number },
  signal?: AbortSignal,
): Promise<AiDataChatResponse> {
  const data = await apiFetch<unknown>('/ai/admin/data-chat', { method: 'POST', body: request, signal });
  return aiDataChatResponseSchema.parse(data);
}

export async function aiTranslationTest(
  text: string,
  signal?: AbortSignal,
): Promise<AiTranslationTestResponse> {
  const data = await apiFetch<unknown>('/ai/admin/translation-test', {
    method: 'POST',
    body: { text },
    signal,
  });
  return aiTranslationTestResponseSchema.parse(data);
}
