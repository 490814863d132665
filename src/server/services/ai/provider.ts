import { readCompletion, readStream } from './completion';
import { AiError } from './errors';
import { ProviderCall } from './http-call';
import type { AiProvider, AiProviderOptions } from './types';

export type {
  AiProvider,
  AiProviderOptions,
  ChatMessage,
  ChatRequest,
  ChatResult,
  ProviderModel,
} from './types';

/**
 * Adapter for the OpenAI-compatible API that Ollama, vLLM, LM Studio and hosted services speak:
 * `GET {baseUrl}/models` and `POST {baseUrl}/chat/completions`. Every call is bounded by one
 * AbortSignal covering connect, headers and the whole body, so a silent or trickling server can never
 * hold a request longer than `timeoutMs`. Failures become AiError with a readable message.
 */
export function createAiProvider(options: AiProviderOptions): AiProvider {
  const base = options.baseUrl.replace(/\/+$/, '');
  return {
    async listModels() {
      const call = new ProviderCall(options, `${base}/models`);
      const response = await call.fetch({ method: 'GET' });
      if (!response.ok) throw await call.rejected(response);
      const body = (await call.json(response)) as { data?: unknown; models?: unknown } | null;
      // OpenAI, vLLM, LM Studio and Ollama's /v1 answer { data: [{ id }] }; Ollama's /api/tags { models: [{ name }] }.
      const list = Array.isArray(body?.data) ? body.data : Array.isArray(body?.models) ? body.models : null;
      if (!list)
        throw new AiError('AI_BAD_RESPONSE', 'The AI service sent a model list that could not be read');
      return list
        .map((m) => (m ?? {}) as { id?: unknown; name?: unknown; owned_by?: unknown })
        .map((m) => ({
          id: typeof m.id === 'string' ? m.id : typeof m.name === 'string' ? m.name : '',
          ownedBy: typeof m.owned_by === 'string' ? m.owned_by : null,
        }))
        .filter((m) => m.id !== '');
    },

    async chat(request) {
      const call = new ProviderCall(options, `${base}/chat/completions`);
      const response = await call.fetch({
        method: 'POST',
        body: JSON.stringify({
          model: request.model,
          messages: request.messages,
          ...(request.temperature !== undefined && { temperature: request.temperature }),
          ...(request.maxTokens !== undefined && { max_tokens: request.maxTokens }),
          stream: false,
        }),
      });
      if (!response.ok) throw await call.rejected(response, request.model);
      // Some servers stream whatever was asked; read either form within the same time limit.
      const type = response.headers.get('content-type') ?? '';
      const result = type.includes('text/event-stream')
        ? await readStream(call, response, request.model)
        : readCompletion(await call.json(response));
      if (result.content.trim() === '') {
        throw new AiError('AI_BAD_RESPONSE', 'The AI service sent an empty answer');
      }
      return result;
    },
  };
}
