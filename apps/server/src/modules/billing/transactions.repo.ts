import { and, asc, count, eq, gt, gte, ilike, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { BALANCE_FILTERS, type transactionListQuerySchema } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { bonusGrants, transactions } from '../../db/schema/index.js';
import { dayRange, escapeLike, shortcutStart } from '../../lib/query-helpers.js';

/** The customer's query, and for staff (user details) the rows staff made and the rows of billing alone. */
export type ListQuery = z.output<typeof transactionListQuerySchema> & {
  staffMade?: boolean;
  billingOnly?: boolean;
};

const SORT_COLUMNS: Record<ListQuery['sortBy'], SQL> = {
  date: sql`${transactions.created_at}`,
  created_at: sql`${transactions.created_at}`,
  amount: sql`${transactions.amount}`,
  type: sql`${transactions.type}`,
};

/** One page of a user's ledger rows with the filters of customer-area §3, newest first by default. */
export async function pageTransactions(db: Queryable, userId: number, query: ListQuery, now = new Date()) {
  const filters: (SQL | undefined)[] = [eq(transactions.user_id, userId)];
  if (query.balance === BALANCE_FILTERS.PAYMENTS) filters.push(eq(transactions.account, 'main'));
  if (query.balance === BALANCE_FILTERS.BONUS_PAYMENTS) filters.push(eq(transactions.account, 'bonus'));
  if (query.type && query.type !== 'all') filters.push(eq(transactions.type, query.type));
  if (query.staffMade)
    filters.push(or(isNotNull(transactions.created_by), isNotNull(transactions.impersonator_id)));
  if (query.billingOnly) filters.push(inArray(transactions.reference_type, ['payment', 'admin']));
  if (query.appstore) filters.push(eq(transactions.appstore, query.appstore));
  if (query.package) filters.push(eq(transactions.package, query.package));
  const since = shortcutStart(query.date, now);
  if (since) filters.push(gte(transactions.created_at, since));
  const range = dayRange(query.from, query.to);
  if (range.from) filters.push(gte(transactions.created_at, range.from));
  if (range.to) filters.push(lt(transactions.created_at, range.to));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    filters.push(
      or(
        ilike(transactions.description, pattern),
        ilike(transactions.package, pattern),
        ilike(transactions.reference_id, pattern),
        ilike(transactions.type, pattern),
      ),
    );
  }
  const where = and(...filters);
  const direction = sql.raw(query.sortType);
  const column = SORT_COLUMNS[query.sortBy];
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(transactions)
      .where(where)
      .orderBy(sql`${column} ${direction}`, sql`${transactions.id} ${direction}`)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(transactions).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The ledger rows a payment wrote (top-up first). */
export function rowsOfPayment(db: Queryable, paymentId: number) {
  return db
    .select()
    .from(transactions)
    .where(and(eq(transactions.reference_type, 'payment'), eq(transactions.reference_id, String(paymentId))))
    .orderBy(asc(transactions.id));
}

/** Up to `limit` users holding an unspent bonus grant past its end date. */
export async function usersWithDueBonuses(db: Queryable, now: Date, limit: number): Promise<number[]> {
  const due = await db
    .selectDistinct({ user_id: bonusGrants.user_id })
    .from(bonusGrants)
    .where(and(gt(bonusGrants.remaining, '0'), sql`${bonusGrants.expires_at} <= ${now.toISOString()}`))
    .limit(limit);
  return due.map((row) => row.user_id);
}
