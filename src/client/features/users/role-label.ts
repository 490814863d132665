import type { TFunction } from 'i18next';
import { isKnownRole, normalizeRole, ROLES, type KnownRole } from '@/domain/roles';

const ROLE_LABELS: Record<KnownRole, string> = {
  admin: 'shell.roles.admin',
  manager: 'shell.roles.manager',
  operator: 'shell.roles.operator',
  dispo: 'shell.roles.dispo',
};

/** "Manager", or for any role outside the four known ones "{role} (view only)". */
export function roleLabel(t: TFunction, role: string): string {
  return isKnownRole(role)
    ? t(ROLE_LABELS[normalizeRole(role) as KnownRole])
    : t('users.roles.viewOnly', { role: role.trim() });
}

/** Select options of the known roles, in the order of ROLES. */
export function knownRoleOptions(t: TFunction): Array<{ value: KnownRole; label: string }> {
  return ROLES.map((value) => ({ value, label: t(ROLE_LABELS[value]) }));
}
