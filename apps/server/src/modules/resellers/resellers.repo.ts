import { and, desc, eq } from 'drizzle-orm';
import type { ResellerRequestStatus } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { resellerRequests } from '../../db/schema/index.js';
import { oneOfUserOwned, pageOfUserOwned } from '../users/users.repo.js';

export type RequestRow = typeof resellerRequests.$inferSelect;
export type NewRequest = typeof resellerRequests.$inferInsert;

/** The user's newest request. */
export async function latestRequestOf(db: Queryable, userId: number): Promise<RequestRow | undefined> {
  const [row] = await db
    .select()
    .from(resellerRequests)
    .where(eq(resellerRequests.user_id, userId))
    .orderBy(desc(resellerRequests.created_at), desc(resellerRequests.id))
    .limit(1);
  return row;
}

/** Inserts a request; undefined when the user has one pending (the partial unique index). */
export async function insertRequest(db: Queryable, values: NewRequest): Promise<RequestRow | undefined> {
  const [row] = await db.insert(resellerRequests).values(values).onConflictDoNothing().returning();
  return row;
}

/** A request with its user's id, email and nickname. */
export async function findRequestWithUser(db: Queryable, id: number) {
  const found = await oneOfUserOwned(db, resellerRequests, id);
  return found && { request: found.row, user: found.user };
}

/** A page of requests with their users, newest first, and how many match. */
export async function pageRequests(
  db: Queryable,
  query: {
    status?: ResellerRequestStatus | undefined;
    user_id?: number | undefined;
    page: number;
    limit: number;
  },
) {
  const where = and(
    query.status ? eq(resellerRequests.status, query.status) : undefined,
    query.user_id ? eq(resellerRequests.user_id, query.user_id) : undefined,
  );
  const { rows, total } = await pageOfUserOwned(db, resellerRequests, where, query);
  return { rows: rows.map(({ row, user }) => ({ request: row, user })), total };
}

/** The request, locked for its review. */
export async function lockRequest(db: Queryable, id: number): Promise<RequestRow | undefined> {
  const [row] = await db.select().from(resellerRequests).where(eq(resellerRequests.id, id)).for('update');
  return row;
}

export async function updateRequest(db: Queryable, id: number, values: Partial<NewRequest>) {
  await db.update(resellerRequests).set(values).where(eq(resellerRequests.id, id));
}
