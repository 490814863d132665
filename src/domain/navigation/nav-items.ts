import { isFeatureEnabled, type FeatureFlag, type FeatureMap } from '../features';
import type { Actor } from '../permissions';
import { normalizeRole, type KnownRole } from '../roles';

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
