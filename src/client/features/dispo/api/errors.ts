import type { TFunction } from 'i18next';
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

/**
 * What to tell the user about a failed call: offline, the server's own message (it explains
 * refusals such as "This driver is used by 2 assignments"), else the fallback.
 */
export function dispoErrorMessage(error: unknown, t: TFunction, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.isNetworkError) return t('dispo.errors.offline');
    if (error.status === 403) return t('dispo.errors.forbidden');
    if (error.serverMessage) return error.message;
  }
  return fallback;
}

/** The request got no answer (no signal, server unreachable). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.isNetworkError;
}

/** The 409 the server answers when the driver already has an assignment on that date. */
export function duplicateOf(error: unknown): { id: string } | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = error.details as { reason?: unknown; duplicate?: { id?: unknown } } | undefined;
  if (details?.reason !== 'duplicate') return null;
  return { id: typeof details.duplicate?.id === 'string' ? details.duplicate.id : '' };
}
