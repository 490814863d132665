export interface TransportRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Absolute path including `/api`. */
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
  /** Overrides the transport's connect deadline (the reachability probe wants a quick verdict). */
  deadlineMs?: number;
  /** Time the server needs for the work the request carries (a batch of writes), added to the connect deadline. */
  workMs?: number;
}

export interface TransportResponse {
  status: number;
  /** Parsed JSON body (undefined when empty or not JSON). */
  body: unknown;
  headers: { get(name: string): string | null };
}

/**
 * Sends one request. Resolves with any HTTP answer (including 4xx/5xx) and rejects only when no answer
 * came (offline, connection reset, server down, a deadline passed). Replay and mirror receive it injected.
 */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export interface Deadlines {
  /** Until the answer's headers arrive, plus time for the body to go up (see `connectDeadline`). */
  connectMs: number;
  /** The longest pause while the answer's body streams in. */
  idleMs: number;
}

/**
 * A link that accepts connections but never answers would otherwise hold a request, and with it the
 * whole replay, for as long as the browser cares to wait (minutes). These are generous for a slow
 * site link, where a healthy answer still starts within seconds.
 */
export const DEFAULT_DEADLINES: Deadlines = { connectMs: 15_000, idleMs: 15_000 };
/** The slowest upload still counted as progress: a photo on a weak uplink may take a while to go up. */
const MIN_UPLOAD_BYTES_PER_S = 16_000;

/** A request was aborted because its answer did not start or stopped coming. */
export class DeadlineError extends Error {
  constructor(
    readonly phase: 'connect' | 'idle',
    ms: number,
  ) {
    super(`No answer from the server within ${Math.round(ms / 1000)} s`);
    this.name = 'DeadlineError';
  }
}

function bodySize(body: TransportRequest['body']): number {
  if (typeof body === 'string') return body.length;
  if (!body) return 0;
  let size = 0;
  body.forEach((value) => (size += typeof value === 'string' ? value.length : value.size));
  return size;
}

/** The connect deadline of a request: the base plus the time its body needs at the slowest upload rate. */
export function connectDeadline(request: TransportRequest, deadlines: Deadlines): number {
  return (
    (request.deadlineMs ?? deadlines.connectMs) +
    (request.workMs ?? 0) +
    Math.ceil((bodySize(request.body) / MIN_UPLOAD_BYTES_PER_S) * 1000)
  );
}

/** Reads the body, aborting when no chunk arrives for `idleMs`. */
async function readText(response: Response, idleMs: number, abort: (error: Error) => void): Promise<string> {
  if (!response.body) return response.text();
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const timer = setTimeout(() => abort(new DeadlineError('idle', idleMs)), idleMs);
    try {
      const { done, value } = await reader.read();
      if (done) return text + decoder.decode();
      text += decoder.decode(value, { stream: true });
    } finally {
      clearTimeout(timer);
    }
  }
}

export function createFetchTransport(
  fetchImpl: typeof fetch = (...args) => fetch(...args),
  deadlines: Deadlines = DEFAULT_DEADLINES,
): Transport {
  return async (request) => {
    const controller = new AbortController();
    let reason: Error | null = null;
    const abort = (error: Error) => {
      reason ??= error;
      controller.abort(error);
    };
    const connectMs = connectDeadline(request, deadlines);
    const connectTimer = setTimeout(() => abort(new DeadlineError('connect', connectMs)), connectMs);
    try {
      const response = await fetchImpl(request.url, {
        method: request.method,
        headers: { Accept: 'application/json', ...request.headers },
        body: request.body,
        credentials: 'same-origin',
        signal: controller.signal,
      });
      clearTimeout(connectTimer);
      const text = await readText(response, deadlines.idleMs, abort);
      let body: unknown;
      if (text) {
        try {
          body = JSON.parse(text);
        } catch {
          body = undefined;
        }
      }
      return { status: response.status, body, headers: response.headers };
    } catch (error) {
      // The abort surfaces as an AbortError from fetch or the reader; the deadline is the real cause.
      throw reason ?? error;
    } finally {
      clearTimeout(connectTimer);
    }
  };
}

/** The `message` of an API error body `{ message, code, details? }`. */
export function errorMessage(response: TransportResponse): string {
  const body = response.body as { message?: unknown } | undefined;
  return typeof body?.message === 'string' && body.message ? body.message : `HTTP ${response.status}`;
}

export function errorDetails(response: TransportResponse): unknown {
  return (response.body as { details?: unknown } | undefined)?.details;
}
