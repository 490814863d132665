import { isFeatureEnabled, type FeatureFlag, type FeatureMap } from '../features';
import { can, isAdmin, type Actor } from '../permissions';
import { normalizeRole } from '../roles';
import { navItemByKey, type NavKey } from './nav-items';

/* Page access: what a route shows instead of its page when the role or a feature flag rules it out. */

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

export interface PageGuard {
  feature: FeatureFlag | null;
  access: PageAccess;
}

/**
 * Pages guarded otherwise than "signed in, behind their navigation item's feature flag" (the profile:
 * signed in). Any other page is guarded by its item (`pageGuard`), so a new page needs no entry here.
 */
export const PAGE_GUARDS: Readonly<Partial<Record<PageKey, PageGuard>>> = {
  dispo: { feature: 'containers', access: 'dispo' },
  users: { feature: 'userManagement', access: 'admin-registered' },
  devices: { feature: null, access: 'devices' },
  settings: { feature: 'settings', access: 'admin' },
};

/** How `page` is guarded: its entry in PAGE_GUARDS, else signed in behind its item's feature flag. */
export function pageGuard(page: PageKey): PageGuard {
  const explicit = PAGE_GUARDS[page];
  if (explicit) return explicit;
  if (page === 'profile') return { feature: null, access: 'signed-in' };
  return { feature: navItemByKey(page).featureKey, access: 'signed-in' };
}

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
  const guard = pageGuard(page);
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
