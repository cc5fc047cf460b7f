import { eq, ilike, inArray, or } from 'drizzle-orm';
import type { Role, User } from '@storelift/shared';
import type { Db, Queryable } from '../../db/client.js';
import { roles, userRoles, users } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/query-helpers.js';

export type UserRow = typeof users.$inferSelect;

/** A staff list's `search` on the customer: their e-mail or nickname contains it (trigram indexes). */
export const userSearch = (search: string) => {
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(users.email, pattern), ilike(users.nickname, pattern));
};

/** Role names per user id, for a page of users at once. */
export async function rolesOf(db: Db, userIds: number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>(userIds.map((id) => [id, []]));
  if (!userIds.length) return result;
  const rows = await db
    .select({ user_id: userRoles.user_id, name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.role_id))
    .where(inArray(userRoles.user_id, userIds))
    .orderBy(roles.id);
  for (const row of rows) result.get(row.user_id)?.push(row.name);
  return result;
}

export async function findUser(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row;
}

/** Gives a user the named roles (ignoring ones already held). */
export async function grantRoles(db: Queryable, userId: number, names: readonly Role[]) {
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(inArray(roles.name, [...names]));
  if (rows.length) {
    await db
      .insert(userRoles)
      .values(rows.map((role) => ({ user_id: userId, role_id: role.id })))
      .onConflictDoNothing();
  }
}

/** The user as the API shows it: no password hash, ISO dates, role names. */
export function toUserView(row: UserRow, roleNames: string[]): User {
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    full_name: row.full_name,
    business_type: row.business_type,
    country: row.country,
    phone: row.phone,
    messenger_type: row.messenger_type,
    messenger_id: row.messenger_id,
    locale: row.locale as User['locale'],
    avatar: row.avatar,
    email_verified: row.email_verified_at !== null,
    roles: roleNames,
    created_at: row.created_at.toISOString(),
  };
}
