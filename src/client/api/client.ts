import { OCCURRED_AT_HEADER } from '@/domain/action-time';
import { API_BASE, AUTH_TOKEN_HEADER, TOKEN_STORAGE_KEY } from '@/domain/constants';
import { EARLY_REQUESTS_GLOBAL, type EarlyRequest } from '@/domain/early-requests';
import { appServerClock, tellsServerTime } from '@/client/offline/clock';
import type { ErrorCode } from '@/domain/errors';

export { TOKEN_STORAGE_KEY };

export function getStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function setStoredToken(token: string | null): void {
  if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
  else localStorage.removeItem(TOKEN_STORAGE_KEY);
}

/** `NETWORK_ERROR`: the request never got an answer (offline, DNS, server down). */
export type ApiErrorCode = ErrorCode | 'NETWORK_ERROR' | 'UNKNOWN';

/** Every failed call surfaces as this, whatever the server or the network did. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: unknown;
  /** True when `message` is the server's own text (not a status text or a network error). */
  readonly serverMessage: boolean;

  constructor(status: number, code: ApiErrorCode, message: string, details?: unknown, serverMessage = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.serverMessage = serverMessage;
  }

  get isNetworkError(): boolean {
    return this.code === 'NETWORK_ERROR';
  }
}

export interface ApiRequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain value is sent as JSON; FormData, Blob and strings are sent as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** How to read a successful answer. @default 'json' */
  responseType?: 'json' | 'blob' | 'text';
  /** The caller expects failures and shows its own fallback: nothing is logged. @default false */
  quiet?: boolean;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    body instanceof URLSearchParams
  );
}

async function readErrorBody(
  response: Response,
): Promise<{ message?: string; code?: string; details?: unknown }> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object'
      ? (body as { message?: string; code?: string; details?: unknown })
      : {};
  } catch {
    return {};
  }
}

/** The answer's `Date` header; stand-in answers (tests, a service worker's own) may have no headers. */
function dateHeaderOf(response: Response): string | null {
  const headers = (response as { headers?: Partial<Headers> }).headers;
  return typeof headers?.get === 'function' ? headers.get('date') : null;
}

/**
 * The answer the page's inline script asked for while the page was parsed, for a GET of `path` with
 * `token`: taken once, by the first such call (the start's), so every later call asks the server
 * again. An answer asked for with another token (a different session since) is dropped.
 */
function takeEarlyResponse(path: string, token: string | null): Promise<Response> | null {
  const requests = (globalThis as { [EARLY_REQUESTS_GLOBAL]?: Partial<Record<string, EarlyRequest>> })[
    EARLY_REQUESTS_GLOBAL
  ];
  const request = requests?.[path];
  if (!requests || !request) return null;
  delete requests[path];
  return request.token === token ? request.response : null;
}

/**
 * Calls `/api<path>` with the stored token in its header (`AUTH_TOKEN_HEADER`). Failures are logged with status and
 * status text and rethrown as ApiError.
 */
export async function apiFetch<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  // The outbox and the mirror take full `/api/...` URLs while this function adds the base itself; a
  // path copied from one to the other would silently ask for `/api/api/...`.
  if (path === API_BASE || path.startsWith(`${API_BASE}/`)) {
    throw new Error(`apiFetch takes a path below ${API_BASE}, got ${path}`);
  }
  const { method = 'GET', body, signal, responseType = 'json', quiet = false } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  const token = getStoredToken();
  if (token) headers[AUTH_TOKEN_HEADER] = token;
  // A write sent at once still says when it was made, on the server's clock as the device tells it.
  if (method !== 'GET') headers[OCCURRED_AT_HEADER] ??= new Date(appServerClock.now()).toISOString();
  let payload: BodyInit | undefined;
  if (body !== undefined) {
    if (isRawBody(body)) payload = body;
    else {
      payload = JSON.stringify(body);
      headers['Content-Type'] = 'application/json';
    }
  }

  let response: Response;
  const sentAt = Date.now();
  try {
    const early = method === 'GET' && !signal && !options.headers ? takeEarlyResponse(path, token) : null;
    response = await (early ?? fetch(`${API_BASE}${path}`, { method, headers, body: payload, signal }));
    if (tellsServerTime(method, `${API_BASE}${path}`))
      appServerClock.observe(dateHeaderOf(response), sentAt, Date.now());
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    if (!quiet) console.error(`API ${method} ${path}: network error`, cause);
    throw new ApiError(0, 'NETWORK_ERROR', cause instanceof Error ? cause.message : 'Network error');
  }

  if (!response.ok) {
    if (!quiet) console.error(`API ${method} ${path}: ${response.status} ${response.statusText}`);
    const data = await readErrorBody(response);
    throw new ApiError(
      response.status,
      (data.code as ApiErrorCode | undefined) ?? 'UNKNOWN',
      data.message || response.statusText || `HTTP ${response.status}`,
      data.details,
      !!data.message,
    );
  }

  if (response.status === 204) return undefined as T;
  if (responseType === 'blob') return (await response.blob()) as T;
  if (responseType === 'text') return (await response.text()) as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
