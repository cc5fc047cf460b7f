import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { escapeLike } from '../../lib/query-helpers.js';
import { adsSpend, billingProfiles, payments, reflinks, users } from '../../db/schema/index.js';

export type SpendRow = typeof adsSpend.$inferSelect;
export type NewSpendRow = typeof adsSpend.$inferInsert;

/**
 * What a row's reflink brought in the row's days: sign-ups then, and the credited regular payments of its
 * users made then (count and sum). Revenue counts UTC days (customer-area §9), spelled out rather than left
 * to the session's TimeZone, which a PostgreSQL server may set otherwise.
 */
const registrations = sql<number>`(
  select count(*)::int from ${billingProfiles} bp join ${users} u on u.id = bp.user_id
  where bp.reflink_id = ${adsSpend.reflink_id}
    and u.created_at >= ${adsSpend.date_from}::timestamp at time zone 'UTC'
    and u.created_at < (${adsSpend.date_to} + 1)::timestamp at time zone 'UTC'
)`;
const paid = sql`(
  select count(*)::int as payments, coalesce(sum(p.amount), 0)::numeric(14,4)::text as revenue
  from ${payments} p join ${billingProfiles} bp on bp.user_id = p.user_id
  where bp.reflink_id = ${adsSpend.reflink_id} and p.status = 'credited' and p.type = 'regular'
    and p.credited_at >= ${adsSpend.date_from}::timestamp at time zone 'UTC'
    and p.credited_at < (${adsSpend.date_to} + 1)::timestamp at time zone 'UTC'
)`;

const columns = {
  row: adsSpend,
  code: reflinks.code,
  reflink_name: reflinks.name,
  registrations,
  payments: sql<number>`paid.payments`,
  revenue: sql<string>`paid.revenue`,
};

/** The orders of the report's list. */
export type SpendOrder = 'date' | 'amount' | 'code';

const ORDER: Record<SpendOrder, SQL> = {
  date: sql`${adsSpend.date_from}`,
  amount: sql`${adsSpend.amount}`,
  code: sql`upper(${reflinks.code})`,
};

function withFigures(db: Queryable) {
  return db
    .select(columns)
    .from(adsSpend)
    .innerJoin(reflinks, eq(reflinks.id, adsSpend.reflink_id))
    .innerJoinLateral(sql`${paid} paid`, sql`true`);
}

/** A spend row with its reflink and what the reflink brought in its days. */
export type SpendWithFigures = Awaited<ReturnType<ReturnType<typeof withFigures>['where']>>[number];

/**
 * A page of spend rows with their figures (by reflink code or name, days overlapping `from`–`to`), and the
 * count and sums of all that match.
 */
export async function spendPage(
  db: Db,
  query: {
    search?: string | undefined;
    from?: string | undefined;
    to?: string | undefined;
    orderBy: SpendOrder;
    sortBy: 'asc' | 'desc';
    page: number;
    limit: number;
  },
) {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
  const where = and(
    pattern ? or(ilike(reflinks.code, pattern), ilike(reflinks.name, pattern)) : undefined,
    query.from ? sql`${adsSpend.date_to} >= ${query.from.slice(0, 10)}::date` : undefined,
    query.to ? sql`${adsSpend.date_from} <= ${query.to.slice(0, 10)}::date` : undefined,
  );
  const direction = query.sortBy === 'asc' ? asc : desc;
  const [rows, [sums]] = await Promise.all([
    withFigures(db)
      .where(where)
      .orderBy(direction(ORDER[query.orderBy]), direction(adsSpend.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({
        total: count(),
        amount: sql<string>`coalesce(sum(${adsSpend.amount}), 0)::numeric(14,4)::text`,
        revenue: sql<string>`coalesce(sum(paid.revenue::numeric), 0)::numeric(14,4)::text`,
      })
      .from(adsSpend)
      .innerJoin(reflinks, eq(reflinks.id, adsSpend.reflink_id))
      .innerJoinLateral(sql`${paid} paid`, sql`true`)
      .where(where),
  ]);
  return { rows, sums };
}

export async function spendWithFigures(db: Queryable, id: number): Promise<SpendWithFigures | undefined> {
  const [found] = await withFigures(db).where(eq(adsSpend.id, id));
  return found;
}

/** The ids of the reflinks by upper-case code, for the codes that are reflinks. */
export async function reflinkIdsByCode(db: Db, codes: string[]) {
  const known = await db
    .select({ id: reflinks.id, code: sql<string>`upper(${reflinks.code})` })
    .from(reflinks)
    .where(inArray(sql`upper(${reflinks.code})`, codes));
  return new Map(known.map((row) => [row.code, row.id]));
}

/** Adds spend rows; a row for a reflink, type and days already loaded replaces its amount. */
export async function upsertSpend(tx: Queryable, rows: NewSpendRow[]) {
  await tx
    .insert(adsSpend)
    .values(rows)
    .onConflictDoUpdate({
      target: [adsSpend.reflink_id, adsSpend.type, adsSpend.date_from, adsSpend.date_to],
      set: { amount: sql`excluded.amount`, updated_at: new Date() },
    });
}

/** A spend row, locked for its change. */
export async function lockSpend(tx: Queryable, id: number): Promise<SpendRow | undefined> {
  const [before] = await tx.select().from(adsSpend).where(eq(adsSpend.id, id)).for('update');
  return before;
}

/** Sets a spend row's amount (a decimal string). */
export async function setSpendAmount(tx: Queryable, id: number, amount: string) {
  await tx.update(adsSpend).set({ amount, updated_at: new Date() }).where(eq(adsSpend.id, id));
}

/** Deletes a spend row; answers it (none when there was none). */
export async function deleteSpend(tx: Queryable, id: number): Promise<SpendRow | undefined> {
  const [row] = await tx.delete(adsSpend).where(eq(adsSpend.id, id)).returning();
  return row;
}
