import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import { SALES_MESSAGES, type CustomerManagers, type ManagerRequest } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { managerRequests, roles, userRoles, users } from '../../db/schema/index.js';
import { ConflictError } from '../../lib/errors.js';

type RequestRow = typeof managerRequests.$inferSelect;

const requestView = (row: RequestRow): ManagerRequest => ({
  id: row.id,
  status: row.status,
  created_at: row.created_at.toISOString(),
});

/** The caller's latest request: the open one, or the one that gave them their manager. */
async function latestRequest(db: Db, userId: number) {
  const [row] = await db
    .select()
    .from(managerRequests)
    .where(eq(managerRequests.user_id, userId))
    .orderBy(desc(managerRequests.id))
    .limit(1);
  return row;
}

/**
 * Customer `GET managers`: the managers (name and avatar only), the caller's personal manager with contacts,
 * and their latest request.
 */
export async function customerManagers(db: Db, userId: number): Promise<CustomerManagers> {
  const [list, [me], request] = await Promise.all([
    db
      .selectDistinct({ id: users.id, full_name: users.full_name, avatar: users.avatar })
      .from(users)
      .innerJoin(userRoles, eq(userRoles.user_id, users.id))
      .innerJoin(roles, and(eq(roles.id, userRoles.role_id), eq(roles.name, 'manager')))
      .where(and(isNull(users.deleted_at), eq(users.is_active, true)))
      .orderBy(asc(users.full_name), asc(users.id)),
    db.select({ manager_id: users.manager_id }).from(users).where(eq(users.id, userId)),
    latestRequest(db, userId),
  ]);
  let mine: CustomerManagers['mine'] = null;
  if (me?.manager_id) {
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
      .where(and(eq(users.id, me.manager_id), isNull(users.deleted_at)));
    mine = manager ?? null;
  }
  return { data: list, mine, request: request ? requestView(request) : null };
}

/**
 * Customer `POST managers/request`: one open request per customer. A second send while one is open answers
 * that one (the partial unique index makes two sends at once insert one row); a customer who already has a
 * manager has nothing to ask for (409).
 */
export async function requestManager(db: Db, userId: number) {
  const [me] = await db.select({ manager_id: users.manager_id }).from(users).where(eq(users.id, userId));
  if (me?.manager_id) throw new ConflictError(SALES_MESSAGES.alreadyHasManager);
  const [created] = await db
    .insert(managerRequests)
    .values({ user_id: userId })
    .onConflictDoNothing()
    .returning();
  const row =
    created ??
    (
      await db
        .select()
        .from(managerRequests)
        .where(and(eq(managerRequests.user_id, userId), ne(managerRequests.status, 'assigned')))
    )[0]!;
  return {
    created: created !== undefined,
    body: { data: requestView(row), message: SALES_MESSAGES.requestSent },
  };
}
