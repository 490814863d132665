export interface TransportRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Absolute path including `/api`. */
  url: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

export interface TransportResponse {
  status: number;
  /** Parsed JSON body (undefined when empty or not JSON). */
  body: unknown;
  headers: { get(name: string): string | null };
}

/**
 * Sends one request. Resolves with any HTTP answer (including 4xx/5xx) and rejects only when no answer
 * came (offline, connection reset, server down). Replay and mirror receive it injected.
 */
export type Transport = (request: TransportRequest) => Promise<TransportResponse>;

export function createFetchTransport(fetchImpl: typeof fetch = (...args) => fetch(...args)): Transport {
  return async (request) => {
    const response = await fetchImpl(request.url, {
      method: request.method,
      headers: { Accept: 'application/json', ...request.headers },
      body: request.body,
      credentials: 'same-origin',
    });
    const text = await response.text();
    let body: unknown;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    return { status: response.status, body, headers: response.headers };
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
