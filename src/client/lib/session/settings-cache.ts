import { DEFAULT_APP_NAME } from '@/domain/constants';

/** Last known settings, so that an offline start shows the right navigation at once. */
export const SETTINGS_CACHE_KEY = 'fleetpilot:settings';

/**
 * The app name from the cached settings, for the login page. Read without the settings store so
 * that the store (and zod, which validates settings) stays out of the login page's first load.
 */
export function cachedAppName(): string {
  return cachedAppText('name') ?? DEFAULT_APP_NAME;
}

/** A non-empty text of the cached settings' `app` section, read without the settings store. */
export function cachedAppText(field: string): string | null {
  try {
    const cached: unknown = JSON.parse(localStorage.getItem(SETTINGS_CACHE_KEY) ?? 'null');
    const value = (cached as { app?: Record<string, unknown> } | null)?.app?.[field];
    return typeof value === 'string' && value.trim() ? value.trim() : null;
  } catch {
    return null;
  }
}
