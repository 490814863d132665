import type { TFunction } from 'i18next';
import { ApiError } from '@/client/api/client';

/** "Failed to update setting" unless the server said why. */
export function settingsErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.isNetworkError) return t('settings.errors.offline');
  // Field errors show under their fields; the summary stays in the user's language.
  if (error instanceof ApiError && error.code === 'VALIDATION_FAILED') return t('settings.errors.update');
  return error instanceof ApiError && error.serverMessage ? error.message : t('settings.errors.update');
}

/** The server's per-field messages below one section (`app.name` → `name`). */
export function settingsFieldErrors(error: unknown, section: string): Record<string, string> {
  if (!(error instanceof ApiError)) return {};
  const fields = (error.details as { fields?: unknown } | undefined)?.fields;
  if (!fields || typeof fields !== 'object') return {};
  const result: Record<string, string> = {};
  for (const [path, messages] of Object.entries(fields as Record<string, unknown>)) {
    if (!path.startsWith(`${section}.`)) continue;
    const first = Array.isArray(messages) ? messages[0] : messages;
    if (typeof first === 'string') result[path.slice(section.length + 1)] = first;
  }
  return result;
}
