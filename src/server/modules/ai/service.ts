import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isAiConfigured, type AiHelper } from '@/domain/ai';
import { AiError } from '../../services/ai/errors';
import { createAiProvider, type AiProvider, type ChatMessage } from '../../services/ai/provider';
import { readAiConfig, type StoredAiConfig } from './config-store';
import { cleanReply } from './prompts';
import { takeAiRateLimit } from './rate-limit';
import { recordAiCall } from './usage';

export function notConfigured(): AiError {
  return new AiError(
    'AI_NOT_CONFIGURED',
    'The AI helpers are not configured yet. An administrator can set them up in Settings → AI.',
  );
}

export function providerFor(config: StoredAiConfig): AiProvider {
  return createAiProvider({ baseUrl: config.baseUrl, apiKey: config.apiKey, timeoutMs: config.timeoutMs });
}

/**
 * The configuration for a model call, refused when the helpers cannot run: not configured (no base URL
 * or chat model), or — for the users' helpers, not the admin tools — switched off. Counts the request
 * against the user's rate limit.
 */
export async function prepareAiRequest(
  app: FastifyInstance,
  request: FastifyRequest,
  opts: { requireEnabled: boolean },
): Promise<StoredAiConfig> {
  const config = await readAiConfig(app.db);
  if (!isAiConfigured(config)) throw notConfigured();
  if (opts.requireEnabled && !config.enabled) {
    throw new AiError('AI_DISABLED', 'The AI helpers are switched off by an administrator.');
  }
  await takeAiRateLimit(app.db, request.user!.id, config.rateLimitPerMinute);
  return config;
}

/**
 * One chat completion, recorded for the statistics (success or failure, tokens, latency). Returns the
 * cleaned reply text; provider failures are thrown as AiError after they are recorded.
 */
export async function complete(
  app: FastifyInstance,
  request: FastifyRequest,
  config: StoredAiConfig,
  call: { helper: AiHelper; model: string; messages: ChatMessage[] },
): Promise<string> {
  const started = performance.now();
  const record = (fields: {
    ok: boolean;
    errorCode: string | null;
    promptTokens: number;
    completionTokens: number;
  }) =>
    recordAiCall(app.db, {
      helper: call.helper,
      userId: request.user?.id ?? null,
      model: call.model,
      latencyMs: performance.now() - started,
      ...fields,
    }).catch((err: unknown) => request.log.error({ err }, 'could not record an AI call'));
  try {
    const result = await providerFor(config).chat({
      model: call.model,
      messages: call.messages,
      temperature: config.temperature,
      maxTokens: config.maxTokens,
    });
    const reply = cleanReply(result.content);
    if (reply === '') throw new AiError('AI_BAD_RESPONSE', 'The AI service sent an empty answer');
    await record({
      ok: true,
      errorCode: null,
      promptTokens: result.promptTokens,
      completionTokens: result.completionTokens,
    });
    return reply;
  } catch (error) {
    await record({
      ok: false,
      errorCode: error instanceof AiError ? error.code : 'INTERNAL',
      promptTokens: 0,
      completionTokens: 0,
    });
    throw error;
  }
}
