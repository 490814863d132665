import { describe, expect, it } from 'vitest';
import { connectDeadline, createFetchTransport, DeadlineError } from '@/client/offline/transport';

const deadlines = { connectMs: 40, idleMs: 40 };

/** A fetch that never answers but gives up when its signal aborts, as the browser's does. */
const hangingFetch: typeof fetch = (_url, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
  });

/** A fetch whose answer sends its headers and one chunk, then stalls. */
const stallingFetch: typeof fetch = (_url, init) => {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"partial":'));
      init?.signal?.addEventListener('abort', () =>
        controller.error(new DOMException('aborted', 'AbortError')),
      );
    },
  });
  return Promise.resolve(new Response(body, { status: 200 }));
};

describe('fetch transport deadlines', () => {
  it('aborts a request whose answer never starts (connect deadline)', async () => {
    const transport = createFetchTransport(hangingFetch, deadlines);
    const error = await transport({ method: 'GET', url: '/api/x', headers: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeadlineError);
    expect((error as DeadlineError).phase).toBe('connect');
  });

  it('aborts an answer whose body stops coming (idle deadline)', async () => {
    const transport = createFetchTransport(stallingFetch, deadlines);
    const error = await transport({ method: 'GET', url: '/api/x', headers: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DeadlineError);
    expect((error as DeadlineError).phase).toBe('idle');
  });

  it('answers normally within the deadlines and parses JSON', async () => {
    const transport = createFetchTransport(
      () => Promise.resolve(new Response('{"ok":true}', { status: 201 })),
      deadlines,
    );
    const response = await transport({ method: 'POST', url: '/api/x', headers: {}, body: '{}' });
    expect(response).toMatchObject({ status: 201, body: { ok: true } });
  });

  it('gives a large upload time to go up, and lets a request ask for a shorter deadline', () => {
    const base = { connectMs: 15_000, idleMs: 15_000 };
    const small = connectDeadline({ method: 'POST', url: '/', headers: {}, body: 'x' }, base);
    const large = connectDeadline(
      { method: 'POST', url: '/', headers: {}, body: 'x'.repeat(1_600_000) },
      base,
    );
    expect(small).toBe(15_001);
    expect(large).toBeGreaterThan(100_000);
    expect(connectDeadline({ method: 'GET', url: '/', headers: {}, deadlineMs: 5_000 }, base)).toBe(5_000);
  });
});
