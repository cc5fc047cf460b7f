import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { managerRequests, roles, userRoles, users } from '../../db/schema/index.js';

export type RequestRow = typeof managerRequests.$inferSelect;

/** The customer's latest personal-manager request. */
export async function latestRequest(db: Db, userId: number): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(managerRequests)
    .where(eq(managerRequests.user_id, userId))
    .orderBy(desc(managerRequests.id))
    .limit(1);
  return row;
}

/** The active managers by name: name and avatar only. */
export function activeManagers(db: Db) {
  return db
    .selectDistinct({ id: users.id, full_name: users.full_name, avatar: users.avatar })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.user_id, users.id))
    .innerJoin(roles, and(eq(roles.id, userRoles.role_id), eq(roles.name, 'manager')))
    .where(and(isNull(users.deleted_at), eq(users.is_active, true)))
    .orderBy(asc(users.full_name), asc(users.id));
}

/** The user's personal manager's id, if any. */
export async function managerIdOf(db: Db, userId: number): Promise<number | null> {
  const [me] = await db.select({ manager_id: users.manager_id }).from(users).where(eq(users.id, userId));
  return me?.manager_id ?? null;
}

/** A manager's name, avatar and contacts (none when the account is deleted). */
export async function managerContacts(db: Db, managerId: number) {
  const [manager] = await db
    .select({
      id: users.id,
      full_name: users.full_name,
      avatar: users.avatar,
      email: users.email,
      phone: users.phone,
      messenger_type: users.messenger_type,
      messenger_id: users.messenger_id,
    })
    .from(users)
    .where(and(eq(users.id, managerId), isNull(users.deleted_at)));
  return manager;
}

/** Opens a request; nothing when the customer has one open already (a partial unique index). */
export async function insertRequest(db: Db, userId: number): Promise<RequestRow | undefined> {
  const [created] = await db
    .insert(managerRequests)
    .values({ user_id: userId })
    .onConflictDoNothing()
    .returning();
  return created;
}

/** The customer's open request. */
export async function openRequestOf(db: Db, userId: number): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(managerRequests)
    .where(and(eq(managerRequests.user_id, userId), ne(managerRequests.status, 'assigned')));
  return row;
}
