import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { referralListQuerySchema } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { billingProfiles, referralPayouts, users } from '../../db/schema/index.js';
import { oneOfUserOwned, pageOfUserOwned, userSearch } from '../users/users.repo.js';

export type PayoutRow = typeof referralPayouts.$inferSelect;

type ListQuery = z.output<typeof referralListQuerySchema>;
const SORTS: Record<ListQuery['sortBy'], SQL> = {
  spendings_new: sql`${billingProfiles.total_spent}`,
  payments: sql`${billingProfiles.total_payments}`,
  earned: sql`${billingProfiles.referral_earned}`,
  created_at: sql`${users.created_at}`,
};

/** One page of the users the referrer brought, with what they paid, spent and earned the referrer. */
export async function pageReferrals(db: Queryable, referrerId: number, query: ListQuery) {
  const where = eq(billingProfiles.referrer_id, referrerId);
  const direction = sql.raw(query.sortType);
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: users.id,
        nickname: users.nickname,
        email: users.email,
        created_at: users.created_at,
        payments: billingProfiles.total_payments,
        spendings_new: billingProfiles.total_spent,
        earned: billingProfiles.referral_earned,
      })
      .from(billingProfiles)
      .innerJoin(users, eq(users.id, billingProfiles.user_id))
      .where(where)
      .orderBy(sql`${SORTS[query.sortBy]} ${direction}`, sql`${users.id} ${direction}`)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({
        count: count(),
        earned: sql<string>`coalesce(sum(${billingProfiles.referral_earned}), 0)::numeric(14,4)::text`,
      })
      .from(billingProfiles)
      .where(where),
  ]);
  return { rows, total: totals?.count ?? 0, earned: totals?.earned ?? '0.0000' };
}

/** What the user's pending payout requests add up to. */
export async function pendingPayouts(db: Queryable, userId: number): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${referralPayouts.amount}), 0)::numeric(14,4)::text` })
    .from(referralPayouts)
    .where(and(eq(referralPayouts.user_id, userId), eq(referralPayouts.status, 'pending')));
  return row?.total ?? '0.0000';
}

/** One page of payout requests, newest first (one user's, or everyone's for staff, with the staff filters). */
export async function pagePayouts(
  db: Queryable,
  filter: { userId?: number; status?: PayoutRow['status']; method?: PayoutRow['method']; search?: string },
  page: number,
  limit: number,
) {
  const where = and(
    filter.userId ? eq(referralPayouts.user_id, filter.userId) : undefined,
    filter.status ? eq(referralPayouts.status, filter.status) : undefined,
    filter.method ? eq(referralPayouts.method, filter.method) : undefined,
    filter.search ? userSearch(filter.search) : undefined,
  );
  const { rows, total } = await pageOfUserOwned(db, referralPayouts, where, { page, limit });
  return { rows: rows.map(({ row, user }) => ({ payout: row, user })), total };
}

export async function findPayoutWithUser(db: Queryable, id: number) {
  const found = await oneOfUserOwned(db, referralPayouts, id);
  return found && { payout: found.row, user: found.user };
}

export async function lockPayout(db: Queryable, id: number): Promise<PayoutRow | undefined> {
  const [row] = await db.select().from(referralPayouts).where(eq(referralPayouts.id, id)).for('update');
  return row;
}

export async function insertPayout(db: Queryable, values: typeof referralPayouts.$inferInsert) {
  const [row] = await db.insert(referralPayouts).values(values).returning();
  return row!;
}

export async function updatePayout(
  db: Queryable,
  id: number,
  values: Partial<typeof referralPayouts.$inferInsert>,
) {
  const [row] = await db.update(referralPayouts).set(values).where(eq(referralPayouts.id, id)).returning();
  return row!;
}
