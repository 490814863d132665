import { translatorModelOf, type AiHealth, type AiModelList } from '@/domain/ai';
import { AiError } from '../../services/ai/errors';
import type { ProviderModel } from '../../services/ai/provider';
import type { StoredAiConfig } from './config-store';
import { notConfigured, providerFor } from './service';

/** Ollama lists `llama3.2:latest` for a model configured as `llama3.2`; both name the same model. */
export function sameModel(listed: string, configured: string): boolean {
  if (!configured) return false;
  return listed === configured || listed === `${configured}:latest` || configured === `${listed}:latest`;
}

/** The provider's models, the configured one marked. Needs only the base URL. */
export async function listModels(config: StoredAiConfig, configured: string): Promise<AiModelList> {
  if (!config.baseUrl) throw notConfigured();
  const models = await providerFor(config).listModels();
  return {
    configured,
    models: models.map((m: ProviderModel) => ({ ...m, configured: sameModel(m.id, configured) })),
  };
}

/**
 * Reachability, latency of the model list and whether the configured models are present. Never throws
 * for provider trouble: that is what it reports.
 */
export async function checkHealth(config: StoredAiConfig): Promise<AiHealth> {
  const none = { chat: false, translator: false };
  if (!config.baseUrl) {
    const { code, message } = notConfigured();
    return { reachable: false, latencyMs: null, modelsPresent: none, error: { code, message } };
  }
  const started = performance.now();
  try {
    const models = await providerFor(config).listModels();
    const has = (name: string) => models.some((m) => sameModel(m.id, name));
    return {
      reachable: true,
      latencyMs: Math.round(performance.now() - started),
      modelsPresent: { chat: has(config.chatModel), translator: has(translatorModelOf(config)) },
    };
  } catch (error) {
    if (!(error instanceof AiError)) throw error;
    // An answer of any kind (refused key, 500, unreadable list) still shows the server is there.
    const answered = error.code !== 'AI_UNREACHABLE' && error.code !== 'AI_TIMEOUT';
    return {
      reachable: answered,
      latencyMs: answered ? Math.round(performance.now() - started) : null,
      modelsPresent: none,
      error: { code: error.code, message: error.message },
    };
  }
}
