import { DEFAULT_APP_NAME } from '@/domain/constants';

/** Last known settings, so that an offline start shows the right navigation at once. */
export const SETTINGS_CACHE_KEY = 'fleetpilot:settings';

/**
 * The app name from the cached settings, for the login page. Read without the settings store so
 * that the store (and zod, which validates settings) stays out of the login page's first load.
 */
export function cachedAppName(): string {
  try {
    const cached: unknown = JSON.parse(localStorage.getItem(SETTINGS_CACHE_KEY) ?? 'null');
    const name = (cached as { app?: { name?: unknown } } | null)?.app?.name;
    return typeof name === 'string' && name.trim() ? name.trim() : DEFAULT_APP_NAME;
  } catch {
    return DEFAULT_APP_NAME;
  }
}
