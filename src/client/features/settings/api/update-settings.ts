import { settingsUpdateSchema, type Settings, type SettingsUpdate } from '@/domain/settings';
import { apiFetch } from '@/client/api/client';
import { normalizeSettings, SETTINGS_CACHE_KEY, settingsStore } from '@/client/lib/session/settings-store';

/** PUT /api/settings: the server merges the partial update and answers with the whole settings. */
export async function updateSettings(update: SettingsUpdate): Promise<Settings> {
  const body = settingsUpdateSchema.parse(update);
  return normalizeSettings(await apiFetch<unknown>('/settings', { method: 'PUT', body }));
}

/**
 * Puts settings into the shell's store (and its offline cache): navigation, page gates and the
 * palette read the store, so they follow at once without a reload.
 */
export function publishSettings(settings: Settings): void {
  try {
    localStorage.setItem(SETTINGS_CACHE_KEY, JSON.stringify(settings));
  } catch {
    // A full or blocked storage only costs the offline start its cached settings.
  }
  settingsStore.set({ status: 'ready', settings, error: null });
}
