import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  MARKETING_MESSAGES,
  MONEY_SCALE,
  formatMoney,
  parseMoney,
  roundMoney,
  type AdsReportRow,
  type Money,
  type adsReportListQuerySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { escapeLike } from '../../lib/query-helpers.js';
import { adsSpend, billingProfiles, payments, reflinks, users } from '../../db/schema/index.js';
import { NotFoundError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import { readSpendFile } from './ads-report.csv.js';

type Query = z.output<typeof adsReportListQuerySchema>;

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

const ORDER: Record<Query['orderBy'], SQL> = {
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

/** ROAS: revenue per unit of spend, to 2 places, or null with no spend. */
function roasOf(revenue: Money, amount: Money): string | null {
  if (amount === 0n) return null;
  return formatMoney(roundMoney((revenue * MONEY_SCALE) / amount, 2));
}

type Found = Awaited<ReturnType<ReturnType<typeof withFigures>['where']>>[number];

function view(found: Found): AdsReportRow {
  const { row } = found;
  const amount = parseMoney(row.amount);
  const revenue = parseMoney(found.revenue);
  return {
    id: row.id,
    type: row.type,
    code: found.code,
    reflink_id: row.reflink_id,
    reflink_name: found.reflink_name,
    from: row.date_from,
    to: row.date_to,
    amount: row.amount,
    registrations: Number(found.registrations),
    payments: Number(found.payments),
    revenue: found.revenue,
    roas: roasOf(revenue, amount),
  };
}

/** `GET google-ads-report`: spend rows beside what their reflink brought, default date descending. */
export async function listReport(db: Db, query: Query) {
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
  return {
    data: rows.map(view),
    meta: pageMeta(sums?.total ?? 0, query.page, query.limit),
    totals: {
      amount: sums?.amount ?? '0.0000',
      revenue: sums?.revenue ?? '0.0000',
      roas: sums ? roasOf(parseMoney(sums.revenue), parseMoney(sums.amount)) : null,
    },
  };
}

async function oneView(db: Queryable, id: number, message: string) {
  const [found] = await withFigures(db).where(eq(adsSpend.id, id));
  if (!found) throw new NotFoundError();
  return { data: view(found), message };
}

/**
 * `POST google-ads-report`: loads a spend file. Lines whose code is no reflink are left out and answered as
 * `dontExistsRefCodes`; the others are added, a line for a reflink, type and dates already loaded replacing
 * its amount, all in one transaction.
 */
export async function uploadReport(db: Db, content: Buffer) {
  const lines = readSpendFile(content);
  const codes = [...new Set(lines.map((line) => line.code.toUpperCase()))];
  const known = await db
    .select({ id: reflinks.id, code: sql<string>`upper(${reflinks.code})` })
    .from(reflinks)
    .where(inArray(sql`upper(${reflinks.code})`, codes));
  const idOf = new Map(known.map((row) => [row.code, row.id]));
  const missing = [
    ...new Set(lines.filter((line) => !idOf.has(line.code.toUpperCase())).map((line) => line.code)),
  ];
  const rows = lines.flatMap((line) => {
    const reflinkId = idOf.get(line.code.toUpperCase());
    return reflinkId === undefined
      ? []
      : [
          {
            type: line.type,
            reflink_id: reflinkId,
            date_from: line.from,
            date_to: line.to,
            amount: formatMoney(line.amount),
          },
        ];
  });
  if (rows.length) {
    await db.transaction(async (tx) => {
      await tx
        .insert(adsSpend)
        .values(rows)
        .onConflictDoUpdate({
          target: [adsSpend.reflink_id, adsSpend.type, adsSpend.date_from, adsSpend.date_to],
          set: { amount: sql`excluded.amount`, updated_at: new Date() },
        });
      await audit(tx, {
        action: 'ads-report.upload',
        target: { type: 'ads_spend', id: null },
        after: { rows: rows.length, dontExistsRefCodes: missing },
      });
    });
  }
  return {
    message: missing.length ? MARKETING_MESSAGES.reportFormSent : MARKETING_MESSAGES.reportRowsAdded,
    added: rows.length,
    dontExistsRefCodes: missing,
  };
}

/** `PUT google-ads-report/{id}`: a row's amount. */
export async function updateRow(db: Db, id: number, amount: Money) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(adsSpend).where(eq(adsSpend.id, id)).for('update');
    if (!before) throw new NotFoundError();
    await tx
      .update(adsSpend)
      .set({ amount: formatMoney(amount), updated_at: new Date() })
      .where(eq(adsSpend.id, id));
    await audit(tx, {
      action: 'ads-report.update',
      target: { type: 'ads_spend', id },
      before: { amount: before.amount },
      after: { amount: formatMoney(amount) },
    });
  });
  return oneView(db, id, MARKETING_MESSAGES.reportRowSaved);
}

/** `DELETE google-ads-report/{id}`. */
export async function deleteRow(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(adsSpend).where(eq(adsSpend.id, id)).returning();
    if (!row) throw new NotFoundError();
    await audit(tx, {
      action: 'ads-report.delete',
      target: { type: 'ads_spend', id },
      before: {
        reflink_id: row.reflink_id,
        type: row.type,
        from: row.date_from,
        to: row.date_to,
        amount: row.amount,
      },
    });
  });
  return { message: MARKETING_MESSAGES.reportRowDeleted, count: 1 };
}
