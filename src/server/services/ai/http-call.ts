import { AiError } from './errors';
import type { AiProviderOptions } from './types';

/** Largest answer body read from the model server; anything longer is refused, not buffered. */
export const MAX_RESPONSE_BYTES = 4 * 1024 * 1024;
/** How much of an error body is read for its message. */
const MAX_ERROR_BYTES = 64 * 1024;

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/**
 * One request to the model server. Its AbortSignal starts with the call and covers connecting, the
 * headers and reading the whole body, so the time limit is a total limit.
 */
export class ProviderCall {
  readonly signal: AbortSignal;
  constructor(
    readonly options: AiProviderOptions,
    readonly url: string,
  ) {
    this.signal = AbortSignal.timeout(options.timeoutMs);
  }

  timeout(): AiError {
    return new AiError(
      'AI_TIMEOUT',
      `The AI service did not answer in time (limit ${seconds(this.options.timeoutMs)})`,
      { timeoutMs: this.options.timeoutMs },
    );
  }

  /**
   * A failure to connect or to read the answer, as an AiError (a timeout whenever the limit struck).
   * Which kind of failure (refused, reset, no route, a port that speaks something else) is left out on
   * purpose: told apart, it would map open and closed ports for whoever can set the base URL.
   */
  fail(error: unknown, phase: 'connect' | 'read'): AiError {
    if (error instanceof AiError) return error;
    if (this.signal.aborted) return this.timeout();
    if (phase === 'read') return new AiError('AI_BAD_RESPONSE', 'The AI service broke off its answer');
    return new AiError('AI_UNREACHABLE', `Could not connect to the AI service at ${originOf(this.url)}`);
  }

  async fetch(init: RequestInit): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json, text/event-stream' };
    if (init.body) headers['content-type'] = 'application/json';
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    try {
      return await fetch(this.url, { ...init, headers, signal: this.signal });
    } catch (error) {
      throw this.fail(error, 'connect');
    }
  }

  /**
   * Reads the body as text, at most `maxBytes`. With `onText` each piece is handed over instead of
   * collected, and reading stops early once `onText` returns true (a stream's end marker).
   */
  async text(response: Response, maxBytes: number, onText?: (piece: string) => boolean): Promise<string> {
    if (!response.body) return '';
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let bytes = 0;
    let out = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.byteLength;
        if (bytes > maxBytes) {
          await reader.cancel().catch(() => undefined);
          throw new AiError('AI_BAD_RESPONSE', 'The AI service sent an answer that is too large');
        }
        const piece = decoder.decode(value, { stream: true });
        if (!onText) out += piece;
        else if (onText(piece)) {
          await reader.cancel().catch(() => undefined);
          return out;
        }
      }
      const rest = decoder.decode();
      if (onText) onText(rest);
      else out += rest;
      return out;
    } catch (error) {
      await reader.cancel().catch(() => undefined);
      throw this.fail(error, 'read');
    }
  }

  async json(response: Response): Promise<unknown> {
    const body = await this.text(response, MAX_RESPONSE_BYTES);
    try {
      return JSON.parse(body) as unknown;
    } catch {
      throw new AiError('AI_BAD_RESPONSE', 'The AI service sent an answer that could not be read (not JSON)');
    }
  }

  /**
   * A non-2xx answer as an AiError: model missing, key refused, busy, or a plain provider failure. The
   * body is read only to recognise a missing model; its text never reaches the error, which admins,
   * the log and the chat see — a changed base URL must not turn the server into a reader of other
   * servers' answers.
   */
  async rejected(response: Response, model?: string): Promise<AiError> {
    let body = '';
    try {
      body = await this.text(response, MAX_ERROR_BYTES);
    } catch {
      // The status alone still says what happened.
    }
    const { message, code } = providerErrorOf(body);
    const status = response.status;
    const details = { status };
    if (model && isModelMissing(status, message, code)) {
      return new AiError('AI_MODEL_NOT_FOUND', `The model "${model}" is not available on the AI service`, {
        ...details,
        model,
      });
    }
    if (status === 401 || status === 403) {
      return new AiError('AI_AUTH_FAILED', `The AI service refused the API key (HTTP ${status})`, details);
    }
    if (status === 429) {
      return new AiError(
        'AI_BUSY',
        'The AI service is busy (too many requests). Try again shortly.',
        details,
      );
    }
    if (status === 404) {
      return new AiError(
        'AI_PROVIDER_ERROR',
        `The AI service has no ${new URL(this.url).pathname} (HTTP 404). Check the base URL.`,
        details,
      );
    }
    return new AiError('AI_PROVIDER_ERROR', `The AI service answered HTTP ${status}`, details);
  }
}

/** The message and code of an OpenAI-, Ollama- or FastAPI-style error body. */
export function providerErrorOf(body: string): { message: string; code: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { message: body.trim(), code: '' };
  }
  const p = (parsed ?? {}) as Record<string, unknown>;
  const nested = (typeof p.error === 'object' && p.error ? p.error : {}) as Record<string, unknown>;
  const message =
    [nested.message, p.error, p.message, p.detail].find((v): v is string => typeof v === 'string') ?? '';
  const code = [nested.code, nested.type, p.code].find((v): v is string => typeof v === 'string') ?? '';
  return { message, code };
}

export function isModelMissing(status: number, message: string, code: string): boolean {
  if (code === 'model_not_found') return true;
  if (status !== 404 && status !== 400) return false;
  return (
    /model/i.test(message) && /(not found|does not exist|no such|unknown|not available|pull)/i.test(message)
  );
}
