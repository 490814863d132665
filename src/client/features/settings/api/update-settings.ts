import { settingsUpdateSchema, type Settings, type SettingsUpdate } from '@/domain/settings';
import { apiFetch } from '@/client/api/client';
import { normalizeSettings } from '@/client/lib/session/settings-store';

/** PUT /api/settings: the server merges the partial update and answers with the whole settings. */
export async function updateSettings(update: SettingsUpdate): Promise<Settings> {
  const body = settingsUpdateSchema.parse(update);
  return normalizeSettings(await apiFetch<unknown>('/settings', { method: 'PUT', body }));
}
