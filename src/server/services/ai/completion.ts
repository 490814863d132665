import { AiError } from './errors';
import { isModelMissing, MAX_RESPONSE_BYTES, providerErrorOf, type ProviderCall } from './http-call';
import { SseParser } from './sse';
import type { ChatResult } from './types';

interface CompletionChunk {
  choices?: Array<{ delta?: { content?: unknown }; message?: { content?: unknown } }>;
  usage?: { prompt_tokens?: unknown; completion_tokens?: unknown } | null;
  error?: unknown;
}

const tokens = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.round(v) : 0);

export async function readStream(call: ProviderCall, response: Response, model: string): Promise<ChatResult> {
  let content = '';
  let promptTokens = 0;
  let completionTokens = 0;
  let done = false;
  let failure: AiError | null = null;
  const parser = new SseParser((data) => {
    if (done || failure) return;
    if (data.trim() === '[DONE]') {
      done = true;
      return;
    }
    let chunk: CompletionChunk;
    try {
      chunk = JSON.parse(data) as CompletionChunk;
    } catch {
      failure = new AiError('AI_BAD_RESPONSE', 'The AI service sent a stream that could not be read');
      return;
    }
    if (chunk.error) {
      const { message, code } = providerErrorOf(JSON.stringify(chunk));
      failure = isModelMissing(404, message, code)
        ? new AiError('AI_MODEL_NOT_FOUND', `The model "${model}" is not available on the AI service`, {
            model,
          })
        : // The provider's own words stay out, as for error answers (http-call.ts).
          new AiError('AI_PROVIDER_ERROR', 'The AI service reported an error while answering');
      return;
    }
    const piece = chunk.choices?.[0]?.delta?.content ?? chunk.choices?.[0]?.message?.content;
    if (typeof piece === 'string') content += piece;
    if (chunk.usage) {
      promptTokens = tokens(chunk.usage.prompt_tokens);
      completionTokens = tokens(chunk.usage.completion_tokens);
    }
  });
  await call.text(response, MAX_RESPONSE_BYTES, (piece) => {
    parser.push(piece);
    return done || failure !== null;
  });
  parser.end();
  if (failure) throw failure;
  return { content, promptTokens, completionTokens };
}

export function readCompletion(body: unknown): ChatResult {
  const completion = (body ?? {}) as CompletionChunk;
  const choice = Array.isArray(completion.choices) ? completion.choices[0] : undefined;
  const content = choice?.message?.content;
  if (typeof content !== 'string') {
    throw new AiError('AI_BAD_RESPONSE', 'The AI service sent an answer without text');
  }
  return {
    content,
    promptTokens: tokens(completion.usage?.prompt_tokens),
    completionTokens: tokens(completion.usage?.completion_tokens),
  };
}
