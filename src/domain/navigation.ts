import { PALETTE_RESULT_CAP } from './constants';
import { isFeatureEnabled, type FeatureFlag, type FeatureMap } from './features';
import { can, isAdmin, type Actor } from './permissions';
import { normalizeRole, type KnownRole } from './roles';

/**
 * Navigation of the signed-in shell. The sidebar, the command
 * palette, the footer and the keyboard shortcuts all read these items and filter them with the same
 * functions, so a role or a feature flag hides an entry everywhere at once.
 */
export type NavGroup = 'operations' | 'insights' | 'admin';
export const NAV_GROUPS: readonly NavGroup[] = ['operations', 'insights', 'admin'];

export type NavKey =
  | 'dashboard'
  | 'excavators'
  | 'reports'
  | 'betriebstagebuch'
  | 'inventory'
  | 'notifications'
  | 'dispo'
  | 'analytics'
  | 'users'
  | 'devices'
  | 'settings';

/** Icon names; the client maps them to icon components. */
export type NavIcon =
  | 'dashboard'
  | 'excavator'
  | 'report'
  | 'logbook'
  | 'inventory'
  | 'notifications'
  | 'dispo'
  | 'analytics'
  | 'users'
  | 'devices'
  | 'settings';

export interface NavItem {
  key: NavKey;
  /** i18n key of the label. */
  name: string;
  href: string;
  icon: NavIcon;
  group: NavGroup;
  /** The flag that hides the item when it is explicitly `false`. */
  featureKey: FeatureFlag | null;
  /** Roles that see the item; `null` = every signed-in role not listed in `hiddenForRoles`. */
  roles: readonly KnownRole[] | null;
  /** Roles that never see the item in navigation (they may still open the page). */
  hiddenForRoles: readonly KnownRole[];
}

/** The dispo role's navigation shows only the dashboard and dispo. */
const NOT_FOR_DISPO = ['dispo'] as const;

export const NAV_ITEMS: readonly NavItem[] = [
  {
    key: 'dashboard',
    name: 'nav.dashboard',
    href: '/',
    icon: 'dashboard',
    group: 'operations',
    featureKey: null,
    roles: null,
    hiddenForRoles: [],
  },
  {
    key: 'excavators',
    name: 'nav.excavators',
    href: '/excavators',
    icon: 'excavator',
    group: 'operations',
    featureKey: 'excavators',
    roles: null,
    hiddenForRoles: NOT_FOR_DISPO,
  },
  {
    key: 'reports',
    name: 'nav.reports',
    href: '/reports',
    icon: 'report',
    group: 'operations',
    featureKey: 'reports',
    roles: null,
    hiddenForRoles: NOT_FOR_DISPO,
  },
  {
    key: 'betriebstagebuch',
    name: 'nav.betriebstagebuch',
    href: '/betriebstagebuch',
    icon: 'logbook',
    group: 'operations',
    featureKey: 'betriebstagebuch',
    roles: null,
    hiddenForRoles: NOT_FOR_DISPO,
  },
  {
    key: 'inventory',
    name: 'nav.inventory',
    href: '/inventory',
    icon: 'inventory',
    group: 'operations',
    featureKey: 'inventory',
    roles: null,
    hiddenForRoles: NOT_FOR_DISPO,
  },
  {
    key: 'notifications',
    name: 'nav.notifications',
    href: '/notifications',
    icon: 'notifications',
    group: 'operations',
    featureKey: 'notifications',
    roles: null,
    hiddenForRoles: NOT_FOR_DISPO,
  },
  {
    key: 'dispo',
    name: 'nav.dispo',
    href: '/dispo',
    icon: 'dispo',
    group: 'operations',
    featureKey: 'containers',
    roles: ['dispo', 'admin', 'manager'],
    hiddenForRoles: [],
  },
  {
    key: 'analytics',
    name: 'nav.analytics',
    href: '/analytics',
    icon: 'analytics',
    group: 'insights',
    featureKey: 'analytics',
    roles: null,
    hiddenForRoles: NOT_FOR_DISPO,
  },
  {
    key: 'users',
    name: 'nav.users',
    href: '/users',
    icon: 'users',
    group: 'admin',
    featureKey: 'userManagement',
    roles: ['admin'],
    hiddenForRoles: [],
  },
  {
    key: 'devices',
    name: 'nav.devices',
    href: '/devices',
    icon: 'devices',
    group: 'admin',
    featureKey: null,
    roles: ['admin', 'manager'],
    hiddenForRoles: [],
  },
  {
    key: 'settings',
    name: 'nav.settings',
    href: '/settings',
    icon: 'settings',
    group: 'admin',
    featureKey: 'settings',
    roles: ['admin'],
    hiddenForRoles: [],
  },
];

export function navItemByKey(key: NavKey): NavItem {
  const item = NAV_ITEMS.find((candidate) => candidate.key === key);
  if (!item) throw new Error(`Unknown navigation item ${key}`);
  return item;
}

/** Whether a role may see an item, ignoring feature flags. */
export function navItemAllowedForRole(item: NavItem, actor: Actor | null | undefined): boolean {
  if (!actor) return false;
  const role = normalizeRole(actor.role);
  if ((item.hiddenForRoles as readonly string[]).includes(role)) return false;
  return item.roles === null || (item.roles as readonly string[]).includes(role);
}

export function isNavItemVisible(
  item: NavItem,
  actor: Actor | null | undefined,
  features: FeatureMap | null | undefined,
): boolean {
  return navItemAllowedForRole(item, actor) && isFeatureEnabled(features, item.featureKey);
}

export function visibleNavItems(
  actor: Actor | null | undefined,
  features: FeatureMap | null | undefined,
): NavItem[] {
  return NAV_ITEMS.filter((item) => isNavItemVisible(item, actor, features));
}

/** The navigation item a pathname belongs to: `/dispo/assignments/7` → dispo, `/` → dashboard. */
export function navItemForPath(pathname: string): NavItem | null {
  const path = pathname.split(/[?#]/)[0]?.replace(/\/+$/, '') || '/';
  if (path === '/') return navItemByKey('dashboard');
  return (
    NAV_ITEMS.find((item) => item.href !== '/' && (path === item.href || path.startsWith(item.href + '/'))) ??
    null
  );
}

/** Visible items by group, groups without visible items left out. */
export function groupNavItems(items: readonly NavItem[]): Array<{ group: NavGroup; items: NavItem[] }> {
  return NAV_GROUPS.map((group) => ({ group, items: items.filter((item) => item.group === group) })).filter(
    (entry) => entry.items.length > 0,
  );
}

/** Keys kept in a bounded most-recent-first list (recent pages). */
export function pushRecent<T>(list: readonly T[], key: T, max: number): T[] {
  return [key, ...list.filter((entry) => entry !== key)].slice(0, max);
}

export type FavoriteToggle<T> = { list: T[]; limitReached: boolean };

/** Adds or removes a favorite; adding beyond `max` leaves the list as it is and reports the limit. */
export function toggleFavorite<T>(list: readonly T[], key: T, max: number): FavoriteToggle<T> {
  if (list.includes(key)) return { list: list.filter((entry) => entry !== key), limitReached: false };
  if (list.length >= max) return { list: [...list], limitReached: true };
  return { list: [...list, key], limitReached: false };
}

// ---------------------------------------------------------------------------------------------
// Page access (route guards)

export type PageKey = NavKey | 'profile';

/**
 * How a page is guarded beyond "signed in":
 * - `signed-in`: any signed-in user;
 * - `dispo`: roles dispo, admin, manager — others see "Access denied";
 * - `admin`: admin only — others see "Access denied";
 * - `devices`: whoever may read the devices list (admins, managers) — others see "Access denied";
 * - `admin-registered`: the route exists only for admins — others get "Not Found".
 */
export type PageAccess = 'signed-in' | 'dispo' | 'admin' | 'admin-registered' | 'devices';

export const PAGE_GUARDS: Record<PageKey, { feature: FeatureFlag | null; access: PageAccess }> = {
  dashboard: { feature: null, access: 'signed-in' },
  excavators: { feature: 'excavators', access: 'signed-in' },
  reports: { feature: 'reports', access: 'signed-in' },
  betriebstagebuch: { feature: 'betriebstagebuch', access: 'signed-in' },
  inventory: { feature: 'inventory', access: 'signed-in' },
  notifications: { feature: 'notifications', access: 'signed-in' },
  dispo: { feature: 'containers', access: 'dispo' },
  analytics: { feature: 'analytics', access: 'signed-in' },
  users: { feature: 'userManagement', access: 'admin-registered' },
  devices: { feature: null, access: 'devices' },
  settings: { feature: 'settings', access: 'admin' },
  profile: { feature: null, access: 'signed-in' },
};

/** `info`: the dispo pages for someone who reads dispo only (operators, drivers): their own view. */
export type PageGateResult = 'ok' | 'info' | 'loading' | 'disabled' | 'denied' | 'not-found';

const DISPO_PAGE_ROLES = ['dispo', 'admin', 'manager'];

/**
 * What replaces a page: a route registered only for admins is "Not Found" for everybody else; while
 * settings load a skeleton; a flag explicitly false the disabled-feature page; a role without access
 * "Access denied".
 */
export function pageGate(
  page: PageKey,
  actor: Actor | null | undefined,
  features: FeatureMap | null | undefined,
  settingsLoading: boolean,
): PageGateResult {
  const guard = PAGE_GUARDS[page];
  if (guard.access === 'admin-registered' && !isAdmin(actor)) return 'not-found';
  if (settingsLoading) return 'loading';
  if (!isFeatureEnabled(features, guard.feature)) return 'disabled';
  if (guard.access === 'dispo' && !DISPO_PAGE_ROLES.includes(normalizeRole(actor?.role))) {
    // Operators are told dispo is their dispatcher's and see their own assignments, not a refusal.
    return can(actor, 'dispo:read') ? 'info' : 'denied';
  }
  if (guard.access === 'admin' && !isAdmin(actor)) return 'denied';
  if (guard.access === 'devices' && !can(actor, 'devices:read')) return 'denied';
  return 'ok';
}

// ---------------------------------------------------------------------------------------------
// Command palette

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

// ---------------------------------------------------------------------------------------------
// Keyboard shortcuts: "g" then a letter within G_SHORTCUT_WINDOW_MS

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
