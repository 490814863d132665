import { isFeatureEnabled, type FeatureFlag } from '@/domain/features';
import { DEFAULT_SETTINGS, type Settings } from '@/domain/settings';
import {
  loadSettings,
  settingsStore,
  showSettings,
  updateSettings,
} from '@/client/lib/session/settings-store';
import { cancelWaitingSaves, hasWaitingSaves, queueSave, SaveCancelledError } from '../save-queue';

const current = (): Settings => settingsStore.get().settings ?? DEFAULT_SETTINGS;

export type ToggleResult = { ok: true } | { ok: false; error: unknown } | { ok: 'cancelled' };

/**
 * Switches one feature flag. Navigation and pages follow at once (the shell's store changes before
 * the request); the request sends the whole features map as it stands when its turn comes.
 * On failure the settings are reloaded from the server, which puts the switch back.
 */
export async function toggleFeature(flag: FeatureFlag, on: boolean): Promise<ToggleResult> {
  const before = current();
  showSettings({ ...before, features: { ...before.features, [flag]: on } });
  try {
    const saved = await queueSave(() => updateSettings({ features: { ...current().features } }));
    // A later toggle is waiting: its own answer will be newer, and this one would flip it back meanwhile.
    if (!hasWaitingSaves()) showSettings(saved);
    return { ok: true };
  } catch (error) {
    if (error instanceof SaveCancelledError) return { ok: 'cancelled' };
    cancelWaitingSaves();
    // Put the switch back at once (also offline, where the reload below keeps what the store holds).
    const now = current();
    showSettings({
      ...now,
      features: { ...now.features, [flag]: isFeatureEnabled(before.features, flag) },
    });
    await loadSettings();
    return { ok: false, error };
  }
}
