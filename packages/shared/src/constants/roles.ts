/**
 * The built-in roles (staff-admin §6): the code refers to them by name, so they cannot be renamed or deleted.
 * Staff may add roles of their own; `all` is implicit and always added on the client.
 */
export const ROLES = ['admin', 'user', 'manager', 'support', 'ppc', 'marketer'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_ALL = 'all';
export type RoleOrAll = Role | typeof ROLE_ALL;

/** The built-in staff roles (the demo accounts; what each may do is in the grants, constants/permissions.ts). */
export const STAFF_ROLES = [
  'admin',
  'manager',
  'support',
  'ppc',
  'marketer',
] as const satisfies readonly Role[];

/** True when any of the user's roles is in the allowed list (`all` admits everyone). */
export function hasAnyRole(userRoles: readonly string[], allowed: readonly string[]): boolean {
  return allowed.includes(ROLE_ALL) || userRoles.some((role) => allowed.includes(role));
}
