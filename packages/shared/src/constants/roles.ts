/** Roles a user can hold; `all` is implicit and always added on the client. */
export const ROLES = ['admin', 'user', 'manager', 'support', 'ppc', 'marketer'] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_ALL = 'all';
export type RoleOrAll = Role | typeof ROLE_ALL;

export const STAFF_ROLES = [
  'admin',
  'manager',
  'support',
  'ppc',
  'marketer',
] as const satisfies readonly Role[];
const EVERY_STAFF = STAFF_ROLES;

/** Allowed roles per admin route (staff-admin §2); the server checks the same lists per endpoint. */
export const ADMIN_ROUTE_ROLES = {
  '/admin/role': ['admin'],
  '/admin/modules': ['admin'],
  '/admin/functions': ['admin'],
  '/admin/core-settings': ['admin'],
  '/admin/vendors': ['admin'],
  '/admin/access-lists': ['admin', 'manager', 'support'],
  '/admin/user-lists': EVERY_STAFF,
  '/admin/reflinks': EVERY_STAFF,
  '/admin/cpi-accounts': EVERY_STAFF,
  '/admin/user-payments': EVERY_STAFF,
  '/admin/clients-report': EVERY_STAFF,
  '/admin/user-details': EVERY_STAFF,
  '/admin/google-ads-report': ['admin', 'ppc', 'marketer'],
  '/admin/user-orders': ['admin', 'manager', 'support', 'marketer'],
  '/admin/user-apps': ['admin', 'manager', 'support', 'marketer'],
  '/admin/sales-report': ['admin', 'manager'],
  '/admin/marketing-actions': ['admin', 'manager', 'support', 'marketer'],
} as const satisfies Record<string, readonly Role[]>;
export type AdminRoute = keyof typeof ADMIN_ROUTE_ROLES;

/** True when any of the user's roles is in the allowed list (`all` admits everyone). */
export function hasAnyRole(userRoles: readonly string[], allowed: readonly string[]): boolean {
  return allowed.includes(ROLE_ALL) || userRoles.some((role) => allowed.includes(role));
}

export function isStaff(userRoles: readonly string[]): boolean {
  return hasAnyRole(userRoles, STAFF_ROLES);
}
