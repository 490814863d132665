import type { TFunction } from 'i18next';
import type { FeatureMap } from '@/domain/features';
import {
  availablePaletteActions,
  type PaletteActionKey,
  type PaletteEntry,
} from '@/domain/navigation/palette';
import { visibleNavItems, type NavItem } from '@/domain/navigation/nav-items';
import type { Actor } from '@/domain/permissions';

export type PaletteTarget = { kind: 'nav'; item: NavItem } | { kind: 'action'; action: PaletteActionKey };

export interface TranslatedPaletteEntry extends PaletteEntry {
  target: PaletteTarget;
}

/** Navigation entries and actions the user may use, with translated titles and group names. */
export function buildPaletteEntries(
  t: TFunction,
  actor: Actor | null | undefined,
  features: FeatureMap | null | undefined,
): TranslatedPaletteEntry[] {
  const nav = visibleNavItems(actor, features).map<TranslatedPaletteEntry>((item) => ({
    id: `nav:${item.key}`,
    title: t(item.name),
    group: t(`nav.groups.${item.group}`),
    target: { kind: 'nav', item },
  }));
  const actions = availablePaletteActions(actor, features).map<TranslatedPaletteEntry>((action) => ({
    id: `action:${action.key}`,
    title: t(action.name),
    group: t('palette.groups.actions'),
    target: { kind: 'action', action: action.key },
  }));
  return [...nav, ...actions];
}
