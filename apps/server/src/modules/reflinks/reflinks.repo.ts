import { asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { billingProfiles, reflinks } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/query-helpers.js';

export type ReflinkRow = typeof reflinks.$inferSelect;
export type ReflinkValues = Pick<
  typeof reflinks.$inferInsert,
  'name' | 'code' | 'category' | 'bonus' | 'email'
>;

/** Registrations, paying users and revenue per reflink, from the profiles attributed to it. */
const stats = sql`(
  select ${billingProfiles.reflink_id} as reflink_id, count(*)::int as registrations,
    count(*) filter (where ${billingProfiles.total_payments} > 0)::int as paying_users,
    sum(${billingProfiles.total_payments}) as revenue
  from ${billingProfiles} where ${billingProfiles.reflink_id} is not null
  group by ${billingProfiles.reflink_id}
)`;

const columns = {
  row: reflinks,
  registrations: sql<number>`coalesce(s.registrations, 0)`,
  paying_users: sql<number>`coalesce(s.paying_users, 0)`,
  revenue: sql<string>`coalesce(s.revenue, 0)::numeric(14,4)::text`,
};

/** The orders of the reflinks list. */
export type ReflinkOrder = 'created_at' | 'name' | 'code' | 'registrations' | 'revenue';

const ORDER: Record<ReflinkOrder, SQL> = {
  created_at: sql`${reflinks.created_at}`,
  name: sql`lower(${reflinks.name})`,
  code: sql`upper(${reflinks.code})`,
  registrations: sql`coalesce(s.registrations, 0)`,
  revenue: sql`coalesce(s.revenue, 0)`,
};

function withStats(db: Queryable) {
  return db
    .select(columns)
    .from(reflinks)
    .leftJoin(sql`${stats} s`, sql`s.reflink_id = ${reflinks.id}`);
}

/** A page of reflinks (by name, code or category) with their figures, and how many match. */
export async function pageReflinks(
  db: Db,
  query: {
    search?: string | undefined;
    orderBy: ReflinkOrder;
    sortBy: 'asc' | 'desc';
    page: number;
    limit: number;
  },
) {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
  const where = pattern
    ? or(ilike(reflinks.name, pattern), ilike(reflinks.code, pattern), ilike(reflinks.category, pattern))
    : undefined;
  const direction = query.sortBy === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    withStats(db)
      .where(where)
      .orderBy(direction(ORDER[query.orderBy]), direction(reflinks.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(reflinks).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** A reflink with its figures. */
export async function reflinkWithStats(db: Queryable, id: number) {
  const [found] = await withStats(db).where(eq(reflinks.id, id));
  return found;
}

/** The id of the reflink with this code (case aside), and whether it is some customer's referral code. */
export async function codeOwners(db: Queryable, code: string) {
  const [reflink] = await db
    .select({ id: reflinks.id })
    .from(reflinks)
    .where(eq(sql`upper(${reflinks.code})`, code.toUpperCase()));
  const [profile] = await db
    .select({ id: billingProfiles.user_id })
    .from(billingProfiles)
    .where(eq(sql`upper(${billingProfiles.referral_code})`, code.toUpperCase()));
  return { reflinkId: reflink?.id, isReferralCode: profile !== undefined };
}

export async function insertReflink(tx: Queryable, values: ReflinkValues): Promise<ReflinkRow> {
  const [created] = await tx.insert(reflinks).values(values).returning();
  return created!;
}

/** A reflink, locked for its change. */
export async function lockReflink(tx: Queryable, id: number): Promise<ReflinkRow | undefined> {
  const [row] = await tx.select().from(reflinks).where(eq(reflinks.id, id)).for('update');
  return row;
}

export async function updateReflink(tx: Queryable, id: number, values: ReflinkValues): Promise<ReflinkRow> {
  const [after] = await tx
    .update(reflinks)
    .set({ ...values, updated_at: new Date() })
    .where(eq(reflinks.id, id))
    .returning();
  return after!;
}

/** Deletes a reflink; answers it (none when there was none). */
export async function deleteReflink(tx: Queryable, id: number): Promise<ReflinkRow | undefined> {
  const [row] = await tx.delete(reflinks).where(eq(reflinks.id, id)).returning();
  return row;
}
