import { describe, expect, it } from 'vitest';
import { can, isAdmin, policies, type Action } from '@/domain/permissions';

const ROLES = ['admin', 'manager', 'operator', 'dispo', 'viewer'] as const;
type Role = (typeof ROLES)[number];

const all = (...roles: Role[]) =>
  Object.fromEntries(ROLES.map((r) => [r, roles.includes(r)])) as Record<Role, boolean>;
const everyone = all(...ROLES);

/** The role table, row by row; "viewer" stands for any other role string. */
const TABLE: Record<Action, Record<Role, boolean>> = {
  // read fleet, reports, logbook, inventory, analytics: everyone (other roles view only)
  'fleet:read': everyone,
  'report:read': everyone,
  'logbook:read': everyone,
  'inventory:read': everyone,
  'analytics:read': everyone,
  'dashboard:read': everyone,
  'notifications:read': everyone,
  'profile:edit': everyone,
  'settings:read': everyone,
  // create/edit reports and logbook entries, sign
  'report:write': all('admin', 'manager', 'operator'),
  'report:sign': all('admin', 'manager', 'operator'),
  'logbook:write': all('admin', 'manager', 'operator'),
  // approve/reject reports, approve logbook
  'report:approve': all('admin', 'manager'),
  // follow-ups of failed checks: everyone reads; report writers open and close; managers plan
  'followup:read': everyone,
  'followup:create': all('admin', 'manager', 'operator'),
  'followup:close': all('admin', 'manager', 'operator'),
  'followup:write': all('admin', 'manager'),
  'logbook:approve': all('admin', 'manager'),
  // create/edit/delete excavators, inventory; operator: inventory quantities
  'fleet:write': all('admin', 'manager'),
  'inventory:write': all('admin', 'manager'),
  'inventory:adjust': all('admin', 'manager', 'operator'),
  // dispo: admin, manager, dispo; operator reads (info)
  'dispo:open': all('admin', 'manager', 'dispo'),
  'dispo:write': all('admin', 'manager', 'dispo'),
  'dispo:read': all('admin', 'manager', 'dispo', 'operator'),
  // users, settings, audit log, AI admin: admin only
  'users:manage': all('admin'),
  'settings:write': all('admin'),
  'audit:read': all('admin'),
  'backup:manage': all('admin'),
  // devices with unsent work: who plans and checks the field work
  'devices:read': all('admin', 'manager'),
  'ai:admin': all('admin'),
  'ai:use': all('admin', 'manager', 'operator'),
};

describe('the policy map', () => {
  it('covers every action of the map in this table', () => {
    expect(Object.keys(TABLE).sort()).toEqual(Object.keys(policies).sort());
  });

  for (const action of Object.keys(TABLE) as Action[]) {
    it.each(ROLES)(`${action} for %s`, (role) => {
      expect(can({ id: 'u1', role }, action)).toBe(TABLE[action][role]);
    });
  }

  it('compares roles in lower case, ignoring surrounding spaces', () => {
    expect(can({ id: 'u', role: 'Admin' }, 'settings:write')).toBe(true);
    expect(can({ id: 'u', role: ' MANAGER ' }, 'report:approve')).toBe(true);
    expect(can({ id: 'u', role: 'DISPO' }, 'dispo:write')).toBe(true);
    expect(isAdmin({ id: 'u', role: 'ADMIN' })).toBe(true);
  });

  it('treats any other role string as view-only', () => {
    for (const role of ['viewer', 'guest', 'administrator', '']) {
      const actor = { id: 'u', role };
      expect(can(actor, 'fleet:read')).toBe(true);
      expect(can(actor, 'report:write')).toBe(false);
      expect(can(actor, 'inventory:adjust')).toBe(false);
      expect(can(actor, 'dispo:read')).toBe(false);
      expect(can(actor, 'settings:write')).toBe(false);
    }
  });

  it('denies everything to no user', () => {
    for (const action of Object.keys(policies) as Action[]) {
      expect(can(null, action)).toBe(false);
      expect(can(undefined, action)).toBe(false);
    }
    expect(isAdmin(null)).toBe(false);
  });
});
