import { asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import {
  STAFF_MONEY_MESSAGES,
  formatMoney,
  type Reflink,
  type reflinkBodySchema,
  type reflinkListQuerySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { billingProfiles, reflinks } from '../../db/schema/index.js';
import { NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { isUniqueViolation } from '../../lib/unique-violation.js';
import { audit } from '../audit/audit.js';

type Body = z.output<typeof reflinkBodySchema>;
type Query = z.output<typeof reflinkListQuerySchema>;
type ReflinkRow = typeof reflinks.$inferSelect;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

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

const ORDER: Record<Query['orderBy'], SQL> = {
  created_at: sql`${reflinks.created_at}`,
  name: sql`lower(${reflinks.name})`,
  code: sql`upper(${reflinks.code})`,
  registrations: sql`coalesce(s.registrations, 0)`,
  revenue: sql`coalesce(s.revenue, 0)`,
};

function view(
  row: ReflinkRow,
  figures: { registrations: number; paying_users: number; revenue: string },
): Reflink {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    category: row.category,
    bonus: row.bonus,
    email: row.email,
    created_at: row.created_at.toISOString(),
    registrations: Number(figures.registrations),
    paying_users: Number(figures.paying_users),
    revenue: figures.revenue,
  };
}

function withStats(db: Queryable) {
  return db
    .select(columns)
    .from(reflinks)
    .leftJoin(sql`${stats} s`, sql`s.reflink_id = ${reflinks.id}`);
}

/** `GET reflinks`: a page with each reflink's registrations, paying users and revenue. */
export async function listReflinks(db: Db, query: Query) {
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
  return {
    data: rows.map(({ row, ...figures }) => view(row, figures)),
    meta: pageMeta(total?.value ?? 0, query.page, query.limit),
  };
}

async function oneView(db: Queryable, id: number, message: string) {
  const [found] = await withStats(db).where(eq(reflinks.id, id));
  if (!found) throw new NotFoundError();
  const { row, ...figures } = found;
  return { data: view(row, figures), message };
}

const auditView = (row: ReflinkRow) => ({
  name: row.name,
  code: row.code,
  category: row.category,
  bonus: row.bonus,
  email: row.email,
});

/** A code must not be another reflink's, nor a customer's referral code (the sign-up `ref` names either). */
async function refuseTakenCode(db: Queryable, code: string, exceptId?: number) {
  const [reflink] = await db
    .select({ id: reflinks.id })
    .from(reflinks)
    .where(eq(sql`upper(${reflinks.code})`, code.toUpperCase()));
  const [profile] = await db
    .select({ id: billingProfiles.user_id })
    .from(billingProfiles)
    .where(eq(sql`upper(${billingProfiles.referral_code})`, code.toUpperCase()));
  if ((reflink && reflink.id !== exceptId) || profile) {
    throw ValidationError.field('code', STAFF_MONEY_MESSAGES.reflinkCodeTaken);
  }
}

const valuesOf = (body: Body) => ({
  name: body.name,
  code: body.code,
  category: body.category,
  bonus: formatMoney(body.bonus),
  email: body.email ?? null,
});

/** Two saves of one code at once: the unique index refuses the second, as the check would have. */
async function saving<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error, 'reflinks_code_unique')) {
      throw ValidationError.field('code', STAFF_MONEY_MESSAGES.reflinkCodeTaken);
    }
    throw error;
  }
}

/** `POST reflinks`. */
export async function createReflink(db: Db, body: Body) {
  await refuseTakenCode(db, body.code);
  const row = await saving(() =>
    db.transaction(async (tx) => {
      const [created] = await tx.insert(reflinks).values(valuesOf(body)).returning();
      await audit(tx, {
        action: 'reflinks.create',
        target: { type: 'reflink', id: created!.id },
        after: auditView(created!),
      });
      return created!;
    }),
  );
  return oneView(db, row.id, STAFF_MONEY_MESSAGES.reflinkSaved);
}

/** `PUT reflinks/{id}`: a new bonus applies to first payments from now on. */
export async function updateReflink(db: Db, id: number, body: Body) {
  await refuseTakenCode(db, body.code, id);
  await saving(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(reflinks).where(eq(reflinks.id, id)).for('update');
      if (!before) throw new NotFoundError();
      const [after] = await tx
        .update(reflinks)
        .set({ ...valuesOf(body), updated_at: new Date() })
        .where(eq(reflinks.id, id))
        .returning();
      await audit(tx, {
        action: 'reflinks.update',
        target: { type: 'reflink', id },
        before: auditView(before),
        after: auditView(after!),
      });
    }),
  );
  return oneView(db, id, STAFF_MONEY_MESSAGES.reflinkSaved);
}

/** `DELETE reflinks/{id}`: its users stay, no longer attributed. */
export async function deleteReflink(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(reflinks).where(eq(reflinks.id, id)).returning();
    if (!row) throw new NotFoundError();
    await audit(tx, { action: 'reflinks.delete', target: { type: 'reflink', id }, before: auditView(row) });
  });
  return { message: STAFF_MONEY_MESSAGES.reflinkDeleted, count: 1 };
}
