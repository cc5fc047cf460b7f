import {
  and,
  count,
  desc,
  eq,
  exists,
  ilike,
  inArray,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Locale, Role, User } from '@storelift/shared';
import type { Db, Queryable } from '../../db/client.js';
import { roles, userRoles, users } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/query-helpers.js';

export type UserRow = typeof users.$inferSelect;

/** A staff list's `search` on the customer: their e-mail or nickname contains it (trigram indexes). */
export const userSearch = (search: string) => {
  const pattern = `%${escapeLike(search)}%`;
  return or(ilike(users.email, pattern), ilike(users.nickname, pattern));
};

/** The user a staff list shows beside a row the user owns. */
export interface Owner {
  id: number;
  email: string;
  nickname: string;
}

/** The columns of {@link Owner}, for a select joined to `users`. */
export const ownerColumns = { id: users.id, email: users.email, nickname: users.nickname };

/** A table whose rows a user owns (`user_id`), listed newest first (`created_at`, then `id`). */
type UserOwnedTable = PgTable & { id: PgColumn; user_id: PgColumn; created_at: PgColumn };

/** One row of a user-owned table by id, with its owner. */
export async function oneOfUserOwned<T extends UserOwnedTable>(
  db: Queryable,
  table: T,
  id: number,
): Promise<{ row: T['$inferSelect']; user: Owner } | undefined> {
  const owned = table as PgTable & UserOwnedTable;
  const [found] = await db
    .select({ row: owned, user: ownerColumns })
    .from(owned)
    .innerJoin(users, eq(users.id, table.user_id))
    .where(eq(table.id, id));
  return found as { row: T['$inferSelect']; user: Owner } | undefined;
}

/**
 * A staff list's page of a user-owned table, each row with its owner, newest first, and how many rows match
 * `where` (which may filter on `users`, e.g. {@link userSearch}).
 */
export async function pageOfUserOwned<T extends UserOwnedTable>(
  db: Queryable,
  table: T,
  where: SQL | undefined,
  page: { page: number; limit: number },
): Promise<{ rows: { row: T['$inferSelect']; user: Owner }[]; total: number }> {
  const owned = table as PgTable & UserOwnedTable;
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: owned, user: ownerColumns })
      .from(owned)
      .innerJoin(users, eq(users.id, table.user_id))
      .where(where)
      .orderBy(desc(table.created_at), desc(table.id))
      .limit(page.limit)
      .offset((page.page - 1) * page.limit),
    db.select({ value: count() }).from(owned).innerJoin(users, eq(users.id, table.user_id)).where(where),
  ]);
  return { rows: rows as { row: T['$inferSelect']; user: Owner }[], total: total?.value ?? 0 };
}

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

/**
 * The account fields sign-up and My profile write: a messenger type only beside a messenger id, an absent
 * phone or messenger as null.
 */
export function accountFields(body: {
  nickname: string;
  full_name: string;
  business_type: UserRow['business_type'];
  country: string;
  phone?: string | null | undefined;
  messenger_type?: UserRow['messenger_type'] | undefined;
  messenger_id?: string | null | undefined;
}) {
  return {
    nickname: body.nickname,
    full_name: body.full_name,
    business_type: body.business_type,
    country: body.country,
    phone: body.phone ?? null,
    messenger_type: body.messenger_id ? (body.messenger_type ?? null) : null,
    messenger_id: body.messenger_id ?? null,
  };
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

/** Some user (other than `exceptId`) has this nickname, case aside. */
export async function nicknameInUse(db: Queryable, nickname: string, exceptId?: number): Promise<boolean> {
  const [nick] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(sql`lower(${users.nickname})`, nickname.toLowerCase()),
        exceptId === undefined ? undefined : ne(users.id, exceptId),
      ),
    );
  return nick !== undefined;
}

/** Locks the user's row for a change and answers it. */
export async function lockUser(db: Queryable, id: number): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('update');
  return row;
}

/** Inserts a user; none when the e-mail is taken (the unique index). */
export async function insertUser(
  db: Queryable,
  values: typeof users.$inferInsert,
): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

export async function setLastLogin(db: Db, userId: number) {
  await db.update(users).set({ last_login_at: new Date() }).where(eq(users.id, userId));
}

/** A new password; with `verifiedAt` (a reset link) the e-mail counts as proven from then on. */
export async function setPassword(db: Queryable, userId: number, passwordHash: string, verifiedAt?: Date) {
  await db
    .update(users)
    .set({ password_hash: passwordHash, email_verified_at: verifiedAt, updated_at: new Date() })
    .where(eq(users.id, userId));
}

/** Marks the e-mail proven (the first time counts). */
export async function markEmailVerified(db: Db, userId: number) {
  await db
    .update(users)
    .set({ email_verified_at: sql`coalesce(${users.email_verified_at}, now())`, updated_at: new Date() })
    .where(eq(users.id, userId));
}

export async function setLocale(db: Db, userId: number, locale: Locale) {
  await db.update(users).set({ locale, updated_at: new Date() }).where(eq(users.id, userId));
}

/** A user's id and e-mail. */
export async function identityOf(db: Db, userId: number) {
  const [row] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId));
  return row;
}

/** Sets the user's avatar address (null: initials again); answers the row after. */
export async function setAvatar(db: Queryable, userId: number, avatar: string | null): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ avatar, updated_at: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return row!;
}

/** The user exists (deleted or not). */
export async function userExists(db: Queryable, userId: number): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return user !== undefined;
}

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
