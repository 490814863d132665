import { normalizeRole } from './roles';

/** The minimal view of a user that permission checks need. */
export interface Actor {
  id: string;
  role: string;
}

/**
 * One policy map for every action. The server's access pre-handler and the client's
 * <Can> wrapper ask the same functions; the server is the authority.
 */
const roleIn =
  (...roles: string[]) =>
  (actor: Actor | null | undefined): boolean =>
    !!actor && roles.includes(normalizeRole(actor.role));

const anySignedIn = (actor: Actor | null | undefined): boolean => !!actor;

export const policies = {
  'fleet:read': anySignedIn,
  'fleet:write': roleIn('admin', 'manager'),
  'report:read': anySignedIn,
  'report:write': roleIn('admin', 'manager', 'operator'),
  'report:sign': roleIn('admin', 'manager', 'operator'),
  'report:approve': roleIn('admin', 'manager'),
  'logbook:read': anySignedIn,
  'logbook:write': roleIn('admin', 'manager', 'operator'),
  'logbook:approve': roleIn('admin', 'manager'),
  /** Follow-ups of failed checks: everyone reads; whoever writes reports opens and closes them. */
  'followup:read': anySignedIn,
  'followup:create': roleIn('admin', 'manager', 'operator'),
  /** Changing title, note, photo, assignee and due date: the people who plan the work. */
  'followup:write': roleIn('admin', 'manager'),
  'followup:close': roleIn('admin', 'manager', 'operator'),
  'inventory:read': anySignedIn,
  'inventory:write': roleIn('admin', 'manager'),
  'inventory:adjust': roleIn('admin', 'manager', 'operator'),
  'analytics:read': anySignedIn,
  'dashboard:read': anySignedIn,
  'notifications:read': anySignedIn,
  'profile:edit': anySignedIn,
  'dispo:open': roleIn('admin', 'manager', 'dispo'),
  'dispo:read': roleIn('admin', 'manager', 'dispo', 'operator'),
  'dispo:write': roleIn('admin', 'manager', 'dispo'),
  'users:manage': roleIn('admin'),
  'settings:read': anySignedIn,
  'settings:write': roleIn('admin'),
  'audit:read': roleIn('admin'),
  /** Which devices hold unsent work, and since when: who plans and checks the field work. */
  'devices:read': roleIn('admin', 'manager'),
  /** Backups hold every record and secret of the installation: listing, making and downloading them. */
  'backup:manage': roleIn('admin'),
  /** The AI helpers work on free text of reports and logbook entries: whoever may write those. */
  'ai:use': roleIn('admin', 'manager', 'operator'),
  'ai:admin': roleIn('admin'),
} as const satisfies Record<string, (actor: Actor | null | undefined) => boolean>;

export type Action = keyof typeof policies;

export function can(actor: Actor | null | undefined, action: Action): boolean {
  return policies[action](actor);
}

/** Navigation groups visible to a role. */
export function isAdmin(actor: Actor | null | undefined): boolean {
  return normalizeRole(actor?.role) === 'admin';
}
