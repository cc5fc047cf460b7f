import { and, eq, exists, ne, type SQLWrapper } from 'drizzle-orm';
import { USER_MESSAGES } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { roles, userRoles, users } from '../../db/schema/index.js';
import { ForbiddenError } from '../../lib/errors.js';

/**
 * The user (an id, or a column such as `users.id`) holds a staff role: any role besides `user`, the built-in
 * staff roles (admin, manager, support, ppc, marketer) or one staff added.
 */
export const holdsStaffRole = (db: Queryable, userId: SQLWrapper | number) =>
  exists(
    db
      .select({ one: userRoles.user_id })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.role_id))
      .where(and(eq(userRoles.user_id, userId), ne(roles.name, 'user'))),
  );

export async function isStaffAccount(db: Queryable, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), holdsStaffRole(db, userId)));
  return row !== undefined;
}

/**
 * Staff never change the money or rights of their own account or of another staff account (price plan,
 * balance, bonus, referrals, reseller approval, sales): 403, before anything is written (docs/permissions.md).
 */
export async function refuseSelfOrStaff(db: Queryable, actorId: number, userId: number) {
  if (userId === actorId) throw new ForbiddenError(USER_MESSAGES.ownAccountMoney);
  if (await isStaffAccount(db, userId)) throw new ForbiddenError(USER_MESSAGES.staffAccountMoney);
}
