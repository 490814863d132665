/** Roles shown in the product. Any other role string is kept and means view-only. */
export const ROLES = ['admin', 'manager', 'operator', 'dispo'] as const;
export type KnownRole = (typeof ROLES)[number];

/** Role strings are compared in lower case. */
export function normalizeRole(role: string | null | undefined): string {
  return (role ?? '').trim().toLowerCase();
}

export function isKnownRole(role: string | null | undefined): role is KnownRole {
  return (ROLES as readonly string[]).includes(normalizeRole(role));
}

export function isViewOnlyRole(role: string | null | undefined): boolean {
  return !isKnownRole(role);
}
