import net from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AiError } from '@/server/services/ai/errors';
import { createAiProvider } from '@/server/services/ai/provider';
import { SseParser } from '@/server/services/ai/sse';
import { startFakeOpenAi, unusedBaseUrl, type FakeOpenAi } from '../../../fixtures/fake-openai';

let fake: FakeOpenAi;

beforeAll(async () => {
  fake = await startFakeOpenAi();
});
afterAll(async () => fake.close());
beforeEach(() => fake.reset());

const provider = (overrides: { apiKey?: string | null; timeoutMs?: number; baseUrl?: string } = {}) =>
  createAiProvider({ baseUrl: fake.baseUrl, apiKey: null, timeoutMs: 5_000, ...overrides });

const ask = (model = 'fleet-chat', timeoutMs = 5_000) =>
  provider({ timeoutMs }).chat({
    model,
    messages: [{ role: 'user', content: 'How many excavators?' }],
    temperature: 0.2,
    maxTokens: 64,
  });

/** The AiError a promise rejects with (fails the test when it resolves or rejects otherwise). */
async function failure(promise: Promise<unknown>): Promise<AiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AiError);
  return error as AiError;
}

describe('chat completions', () => {
  it('reads a plain JSON answer with its token usage and sends model, messages and limits', async () => {
    const result = await ask();
    expect(result).toEqual({
      content: 'Answer from fleet-chat: How many excavators?',
      promptTokens: 12,
      completionTokens: 5,
    });
    expect(fake.chats()).toEqual([
      {
        model: 'fleet-chat',
        messages: [{ role: 'user', content: 'How many excavators?' }],
        temperature: 0.2,
        max_tokens: 64,
        stream: false,
      },
    ]);
  });

  it('reads an SSE stream from a server that streams anyway, usage included', async () => {
    fake.options.stream = true;
    fake.options.streamChunkDelayMs = 5;
    fake.options.usage = { prompt_tokens: 40, completion_tokens: 9 };
    const result = await ask();
    expect(result.content).toBe('Answer from fleet-chat: How many excavators?');
    expect(result.promptTokens).toBe(40);
    expect(result.completionTokens).toBe(9);
  });

  it('sends the API key as a Bearer token, and no Authorization header without one', async () => {
    fake.options.requireKey = 'sk-secret-123';
    await provider({ apiKey: 'sk-secret-123' }).chat({
      model: 'fleet-chat',
      messages: [{ role: 'user', content: 'x' }],
    });
    expect(fake.requests.at(-1)?.headers.authorization).toBe('Bearer sk-secret-123');

    const refused = await failure(ask());
    expect(fake.requests.at(-1)?.headers.authorization).toBeUndefined();
    expect(refused.code).toBe('AI_AUTH_FAILED');
    expect(refused.status).toBe(502);
    expect(refused.message).toBe('The AI service refused the API key (HTTP 401)');
  });

  it('gives up on a slow server within the time limit with a clear timeout', async () => {
    fake.options.delayMs = 10_000;
    const started = Date.now();
    const error = await failure(ask('fleet-chat', 1_000));
    const elapsed = Date.now() - started;
    expect(error.code).toBe('AI_TIMEOUT');
    expect(error.status).toBe(504);
    expect(error.message).toBe('The AI service did not answer in time (limit 1 s)');
    expect(elapsed).toBeGreaterThanOrEqual(950);
    expect(elapsed).toBeLessThan(3_000);
  });

  it('bounds a stream that trickles past the limit (the limit covers the whole answer)', async () => {
    fake.options.stream = true;
    fake.options.streamChunkDelayMs = 400;
    const started = Date.now();
    const error = await failure(ask('fleet-chat', 1_000));
    expect(error.code).toBe('AI_TIMEOUT');
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('turns a 500 into a provider error with the status', async () => {
    fake.options.failStatus = 500;
    const error = await failure(ask());
    expect(error.code).toBe('AI_PROVIDER_ERROR');
    expect(error.status).toBe(502);
    expect(error.message).toBe('The AI service answered HTTP 500');
    expect(error.details).toEqual({ status: 500 });
  });

  it('never repeats what the remote server said in its error body', async () => {
    for (const status of [400, 401, 404, 429, 500, 503]) {
      fake.options.failStatus = status;
      const error = await failure(ask());
      const told = JSON.stringify({ message: error.message, details: error.details });
      expect(told).not.toContain('The server had an error');
      expect(told).not.toContain('invalid_request_error');
    }
  });

  it('names a model the server does not have', async () => {
    const error = await failure(ask('gpt-17'));
    expect(error.code).toBe('AI_MODEL_NOT_FOUND');
    expect(error.message).toBe('The model "gpt-17" is not available on the AI service');
  });

  it('reports a 429 as busy', async () => {
    fake.options.failStatus = 429;
    const error = await failure(ask());
    expect(error.code).toBe('AI_BUSY');
    expect(error.status).toBe(503);
  });

  it('refuses an answer that is not JSON', async () => {
    fake.options.malformed = true;
    const error = await failure(ask());
    expect(error.code).toBe('AI_BAD_RESPONSE');
    expect(error.message).toBe('The AI service sent an answer that could not be read (not JSON)');
  });

  it('refuses an empty answer', async () => {
    fake.options.reply = () => '   ';
    expect((await failure(ask())).code).toBe('AI_BAD_RESPONSE');
  });

  it('says the service is not reachable when nothing listens', async () => {
    const baseUrl = await unusedBaseUrl();
    const started = Date.now();
    const error = await failure(
      createAiProvider({ baseUrl, timeoutMs: 5_000 }).chat({
        model: 'fleet-chat',
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(error.code).toBe('AI_UNREACHABLE');
    expect(error.status).toBe(503);
    expect(error.message).toBe(`Could not connect to the AI service at ${new URL(baseUrl).origin}`);
    expect(error.details).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('answers a closed port and an open one that speaks something else alike', async () => {
    const closed = await unusedBaseUrl();
    // An open port that accepts the connection and answers garbage before hanging up.
    const sockets = new Set<net.Socket>();
    const server = net.createServer((socket) => {
      sockets.add(socket);
      socket.end('SSH-2.0-OpenSSH_9.6\r\n');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const open = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/v1`;
    try {
      const errors = await Promise.all(
        [closed, open].map((baseUrl) =>
          failure(createAiProvider({ baseUrl, timeoutMs: 5_000 }).listModels()),
        ),
      );
      const shapes = errors.map((e, i) => ({
        code: e.code,
        status: e.status,
        message: e.message.replace(new URL([closed, open][i]!).origin, 'ORIGIN'),
        details: e.details,
      }));
      expect(shapes[0]).toEqual({
        code: 'AI_UNREACHABLE',
        status: 503,
        message: 'Could not connect to the AI service at ORIGIN',
        details: undefined,
      });
      expect(shapes[1]).toEqual(shapes[0]);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('models', () => {
  it('lists the models of GET {baseUrl}/models', async () => {
    expect(await provider().listModels()).toEqual([
      { id: 'fleet-chat', ownedBy: 'library' },
      { id: 'fleet-translate', ownedBy: 'library' },
      { id: 'llama3.2:latest', ownedBy: 'library' },
    ]);
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/models' });
  });

  it('says when the base URL has no model list', async () => {
    const error = await failure(provider({ baseUrl: fake.baseUrl.replace(/\/v1$/, '/nope') }).listModels());
    expect(error.code).toBe('AI_PROVIDER_ERROR');
    expect(error.message).toBe('The AI service has no /nope/models (HTTP 404). Check the base URL.');
  });

  it('times out on a slow model list too', async () => {
    fake.options.delayMs = 10_000;
    const error = await failure(provider({ timeoutMs: 1_000 }).listModels());
    expect(error.code).toBe('AI_TIMEOUT');
  });
});

describe('SseParser', () => {
  it('joins data lines, ignores comments and other fields, handles CRLF and split chunks', () => {
    const events: string[] = [];
    const parser = new SseParser((d) => events.push(d));
    parser.push(': hello\r\nevent: message\r\ndata: {"a":');
    parser.push('1}\r\n\r\ndata: line one\ndata: line two\n\nid: 7\n');
    parser.push('data: [DONE]');
    parser.end();
    expect(events).toEqual(['{"a":1}', 'line one\nline two', '[DONE]']);
  });
});
