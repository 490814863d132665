import type { TFunction } from 'i18next';
import { ApiError } from '@/client/api/client';
import { AI_ERROR_KEY } from './labels';

/** The clear, translated message of an AI error code; `fallback` (the server's words) for other codes. */
export function aiCodeMessage(t: TFunction, code: string, fallback: string): string {
  const key = AI_ERROR_KEY[code];
  return key ? t(key) : fallback;
}

/**
 * A clear, translated message for a failed AI call: the code's own text, else the server's message,
 * else a generic one.
 */
export function aiErrorMessage(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    const key = AI_ERROR_KEY[error.code];
    if (key) return t(key);
    if (error.serverMessage) return error.message;
  }
  return t('ai.errors.UNKNOWN');
}

/** The server's own detail for an AI provider failure (shown to administrators under the message). */
export function aiErrorDetail(error: unknown): string | null {
  return error instanceof ApiError && error.code.startsWith('AI_') && error.serverMessage
    ? error.message
    : null;
}
