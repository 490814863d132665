import { PALETTE_RESULT_CAP } from '../constants';
import { isFeatureEnabled, type FeatureMap } from '../features';
import { isAdmin, type Actor } from '../permissions';

/* The command palette: its actions beside the pages, and how a typed query picks entries. */

export type PaletteActionKey = 'open-settings' | 'toggle-theme' | 'logout';

export interface PaletteActionDef {
  key: PaletteActionKey;
  /** i18n key of the label. */
  name: string;
  /** Shown only when this returns true. */
  available: (actor: Actor | null | undefined, features: FeatureMap | null | undefined) => boolean;
}

export const PALETTE_ACTIONS: readonly PaletteActionDef[] = [
  {
    key: 'open-settings',
    name: 'palette.actions.openSettings',
    available: (actor, features) => isAdmin(actor) && isFeatureEnabled(features, 'settings'),
  },
  { key: 'toggle-theme', name: 'palette.actions.toggleTheme', available: (actor) => !!actor },
  { key: 'logout', name: 'palette.actions.logout', available: (actor) => !!actor },
];

export function availablePaletteActions(
  actor: Actor | null | undefined,
  features: FeatureMap | null | undefined,
): PaletteActionDef[] {
  return PALETTE_ACTIONS.filter((action) => action.available(actor, features));
}

/** A palette entry after translation: searched by its title or its group's title. */
export interface PaletteEntry {
  id: string;
  title: string;
  group: string;
}

/**
 * Entries whose title or group contains every word of the query (case- and accent-insensitive),
 * in their given order, at most `cap` of them.
 */
export function searchPaletteEntries<T extends PaletteEntry>(
  entries: readonly T[],
  query: string,
  cap: number = PALETTE_RESULT_CAP,
): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const matches = words.length
    ? entries.filter((entry) => {
        const haystack = `${fold(entry.title)} ${fold(entry.group)}`;
        return words.every((word) => haystack.includes(word));
      })
    : [...entries];
  return matches.slice(0, cap);
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}
