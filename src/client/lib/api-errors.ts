import type { TFunction } from 'i18next';
import { ApiError } from '@/client/api/client';
import { issueMessages, keyedIssuesFromDetails } from './validation-messages';

/**
 * A VALIDATION_FAILED answer's `details` (`{ fields: { 'email.host': ['…'] } }`) as one message per
 * field, the first the server gave: forms show it under the field it belongs to.
 */
export function fieldErrorsFromDetails(details: unknown): Record<string, string> {
  const fields =
    details && typeof details === 'object' ? (details as { fields?: unknown }).fields : undefined;
  if (!fields || typeof fields !== 'object') return {};
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fields as Record<string, unknown>)) {
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string' && first) result[field] = first;
  }
  return result;
}

/**
 * The server's per-field messages of a failed call, in the user's language where the server sent the
 * issue as a key (`details.issues`), its English text otherwise; none when the failure was not the
 * server's answer.
 */
export function serverFieldErrors(error: unknown, t: TFunction): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  return {
    ...fieldErrorsFromDetails(error.details),
    ...issueMessages(t, keyedIssuesFromDetails(error.details)),
  };
}

/** The request got no answer (no signal, server unreachable). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof ApiError && error.isNetworkError;
}
