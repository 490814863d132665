import { ApiError } from '@/client/api/client';

/** The server's per-field messages (`details.fields`), the first message per field. */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields = (error.details as { fields?: unknown } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fields as Record<string, unknown>)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string' && first) result[field] = first;
  }
  return result;
}

export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.isNetworkError;
}

/** The server's own message when it sent one, else the given fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.message : fallback;
}
