import { ROLES, type Role } from '@storelift/shared';

/** A user's roles for display: staff roles first in the order of ROLES, `user` last. */
export function displayRoles(roles: readonly string[]): Role[] {
  const rank = (role: Role) => (role === 'user' ? ROLES.length : ROLES.indexOf(role));
  return ROLES.filter((role) => roles.includes(role)).sort((a, b) => rank(a) - rank(b));
}
