import { isFeatureEnabled, type FeatureMap } from '../features';
import type { Actor } from '../permissions';
import { isNavItemVisible, navItemByKey, type NavKey } from './nav-items';

/* Keyboard shortcuts: "g" then a letter within G_SHORTCUT_WINDOW_MS. */

export interface GShortcut {
  key: string;
  href: string;
  /** The navigation item whose visibility decides whether the shortcut works. */
  navKey: NavKey;
  /** i18n key of the legend label. */
  name: string;
}

export const G_SHORTCUTS: readonly GShortcut[] = [
  { key: 'd', href: '/', navKey: 'dashboard', name: 'shortcuts.dashboard' },
  { key: 'r', href: '/reports', navKey: 'reports', name: 'shortcuts.reports' },
  { key: 'b', href: '/betriebstagebuch', navKey: 'betriebstagebuch', name: 'shortcuts.logbook' },
  { key: 'f', href: '/settings#features', navKey: 'settings', name: 'shortcuts.features' },
  { key: 'i', href: '/inventory', navKey: 'inventory', name: 'shortcuts.inventory' },
];

/** Shortcuts a user may use: g f needs admin (and the settings flag), the others their page's flag. */
export function availableShortcuts(
  actor: Actor | null | undefined,
  features: FeatureMap | null | undefined,
): GShortcut[] {
  return G_SHORTCUTS.filter((shortcut) => {
    const item = navItemByKey(shortcut.navKey);
    if (shortcut.key === 'f') return isNavItemVisible(item, actor, features);
    return !!actor && isFeatureEnabled(features, item.featureKey);
  });
}

/** Time of the last "g" press, or null. */
export type GSequenceState = { gPressedAt: number | null };

/**
 * One key press of the g-sequence: returns the next state and the shortcut to run, if any.
 * A second key counts only when it comes within `windowMs` of the "g".
 */
export function stepGSequence(
  state: GSequenceState,
  key: string,
  now: number,
  shortcuts: readonly GShortcut[],
  windowMs: number,
): { state: GSequenceState; shortcut: GShortcut | null } {
  const lower = key.toLowerCase();
  if (state.gPressedAt !== null && now - state.gPressedAt < windowMs) {
    const shortcut = shortcuts.find((entry) => entry.key === lower) ?? null;
    if (shortcut) return { state: { gPressedAt: null }, shortcut };
  }
  if (lower === 'g') return { state: { gPressedAt: now }, shortcut: null };
  return { state: { gPressedAt: null }, shortcut: null };
}
