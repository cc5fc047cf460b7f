import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { adminPaymentListQuerySchema } from '@storelift/shared';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Queryable } from '../../db/client.js';
import { billingProfiles, paymentSystems, payments, users } from '../../db/schema/index.js';
import { dayRange, escapeLike } from '../../lib/query-helpers.js';

export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = typeof payments.$inferInsert;
export type PaysystemRow = typeof paymentSystems.$inferSelect;
/** A payment with its payment system's name (and its user, for staff lists). */
export interface PaymentWithNames {
  payment: PaymentRow;
  paysystem_name: string;
  user: { id: number; email: string; nickname: string };
}

export function listPaysystems(db: Queryable, options: { activeOnly: boolean }): Promise<PaysystemRow[]> {
  return db
    .select()
    .from(paymentSystems)
    .where(options.activeOnly ? eq(paymentSystems.is_active, true) : undefined)
    .orderBy(asc(paymentSystems.sort), asc(paymentSystems.id));
}

export async function findPaysystem(db: Queryable, id: number): Promise<PaysystemRow | undefined> {
  const [row] = await db.select().from(paymentSystems).where(eq(paymentSystems.id, id));
  return row;
}

export async function setPaysystemActive(db: Queryable, id: number, isActive: boolean) {
  const [row] = await db
    .update(paymentSystems)
    .set({ is_active: isActive, updated_at: new Date() })
    .where(eq(paymentSystems.id, id))
    .returning();
  return row;
}

/** A system's row locked for a change (its audit shows what it replaced). */
export async function lockPaysystem(db: Queryable, id: number): Promise<PaysystemRow | undefined> {
  const [row] = await db.select().from(paymentSystems).where(eq(paymentSystems.id, id)).for('update');
  return row;
}

export async function updatePaysystem(
  db: Queryable,
  id: number,
  changes: Partial<typeof paymentSystems.$inferInsert>,
): Promise<PaysystemRow | undefined> {
  const [row] = await db
    .update(paymentSystems)
    .set({ ...changes, updated_at: new Date() })
    .where(eq(paymentSystems.id, id))
    .returning();
  return row;
}

export async function insertPayment(db: Queryable, values: NewPayment): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  return row!;
}

/** Inserts a payment unless one has its external id already (a second call at once inserts nothing). */
export async function insertPaymentOnce(db: Queryable, values: NewPayment): Promise<PaymentRow | undefined> {
  const [row] = await db
    .insert(payments)
    .values(values)
    .onConflictDoNothing({ target: payments.external_id })
    .returning();
  return row;
}

/** Who paid a payment. */
export async function payerOf(db: Queryable, id: number): Promise<number | undefined> {
  const [row] = await db.select({ user_id: payments.user_id }).from(payments).where(eq(payments.id, id));
  return row?.user_id;
}

/** A uuid as PostgreSQL reads one (anything else would be its error, a 500). */
export const isUuid = (text: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text);

/**
 * Credited top-ups whose payer is still to be mailed, oldest first, with the payer and the payment system's name
 * (the credited-mail job's outbox, on its partial index).
 */
export function creditedAwaitingMail(db: Queryable, limit: number) {
  return db
    .select({
      payment: { id: payments.id, amount: payments.amount, bonus: payments.bonus },
      user: { email: users.email, nickname: users.nickname, locale: users.locale },
      paysystem: paymentSystems.name,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.user_id))
    .innerJoin(paymentSystems, eq(paymentSystems.id, payments.paysystem_id))
    .where(
      and(eq(payments.status, 'credited'), eq(payments.type, 'regular'), isNull(payments.credited_mail_at)),
    )
    .orderBy(asc(payments.id))
    .limit(limit);
}

/** Marks a credited payment's mail sent. */
export async function markCreditMailed(db: Queryable, id: number) {
  await db
    .update(payments)
    .set({ credited_mail_at: new Date() })
    .where(and(eq(payments.id, id), isNull(payments.credited_mail_at)));
}

export async function updatePayment(db: Queryable, id: number, values: Partial<NewPayment>) {
  const [row] = await db.update(payments).set(values).where(eq(payments.id, id)).returning();
  return row;
}

export async function deletePayment(db: Queryable, id: number) {
  await db.delete(payments).where(eq(payments.id, id));
}

export async function findPayment(db: Queryable, id: number): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row;
}

export async function findPaymentByUuid(db: Queryable, uuid: string): Promise<PaymentRow | undefined> {
  if (!isUuid(uuid)) return undefined;
  const [row] = await db.select().from(payments).where(eq(payments.uuid, uuid));
  return row;
}

export async function findPaymentByExternalId(db: Queryable, externalId: string) {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.external_id, externalId));
  return row;
}

/** The transfer payment (bank transfer, Wise, Payoneer) with this reference. */
export async function findTransferPayment(db: Queryable, reference: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'transfer'), eq(payments.reference, reference)));
  return row;
}

/** A payment by id, or by the uuid its provider knows it by. */
export type PaymentRef = { id: number } | { uuid: string };

/** The payment, locked for the rest of the transaction (callbacks serialize on it). */
export async function lockPayment(db: Queryable, ref: PaymentRef): Promise<PaymentRow | undefined> {
  if ('uuid' in ref && !isUuid(ref.uuid)) return undefined;
  const [row] = await db
    .select()
    .from(payments)
    .where('id' in ref ? eq(payments.id, ref.id) : eq(payments.uuid, ref.uuid))
    .for('update');
  return row;
}

function selectWithNames(db: Queryable) {
  return db
    .select({
      payment: payments,
      paysystem_name: paymentSystems.name,
      user: { id: users.id, email: users.email, nickname: users.nickname },
    })
    .from(payments)
    .innerJoin(paymentSystems, eq(paymentSystems.id, payments.paysystem_id))
    .innerJoin(users, eq(users.id, payments.user_id));
}

export async function findPaymentWithNames(db: Queryable, id: number): Promise<PaymentWithNames | undefined> {
  const [row] = await selectWithNames(db).where(eq(payments.id, id));
  return row;
}

type ListQuery = z.output<typeof adminPaymentListQuerySchema>;

const ORDER_COLUMNS: Record<ListQuery['orderBy'], SQL> = {
  created_at: sql`${payments.created_at}`,
  amount: sql`${payments.amount}`,
  id: sql`${payments.id}`,
  status: sql`${payments.status}`,
  paysystem_id: sql`${payments.paysystem_id}`,
};

function searchFilter(query: FilterQuery): SQL | undefined {
  const text = query.search;
  if (!text) return undefined;
  const pattern = `%${escapeLike(text)}%`;
  const asId = /^\d{1,9}$/.test(text) ? eq(payments.id, Number(text)) : undefined;
  const asAmount = /^\d{1,10}(\.\d{1,4})?$/.test(text) ? eq(payments.amount, text) : undefined;
  const byColumn: Record<FilterQuery['searchColumn'], SQL | undefined> = {
    id: asId ?? sql`false`,
    amount: asAmount ?? sql`false`,
    details: ilike(payments.details, pattern),
    description: ilike(payments.description, pattern),
    paysystem: ilike(paymentSystems.name, pattern),
    all: or(
      asId,
      asAmount,
      ilike(payments.details, pattern),
      ilike(payments.description, pattern),
      ilike(paymentSystems.name, pattern),
    ),
  };
  return byColumn[query.searchColumn];
}

type FilterQuery = Omit<ListQuery, 'page' | 'limit'>;

/** The filters of the payments query (customer-area §3, staff-admin §3) as one condition. */
function paymentFilters(query: FilterQuery): SQL | undefined {
  const filters: (SQL | undefined)[] = [];
  if (query.user_id) filters.push(eq(payments.user_id, query.user_id));
  if (query.successOnly) filters.push(inArray(payments.status, ['credited', 'refunded']));
  if (query.status) filters.push(eq(payments.status, query.status));
  if (query.payment_type) filters.push(eq(payments.type, query.payment_type));
  if (query.pay_systems?.length) filters.push(inArray(payments.paysystem_id, query.pay_systems));
  if (query.priceplan_id) {
    filters.push(
      sql`${payments.user_id} in (select ${billingProfiles.user_id} from ${billingProfiles} where ${billingProfiles.price_plan_id} = ${query.priceplan_id})`,
    );
  }
  const range = dayRange(query.from, query.to);
  if (range.from) filters.push(gte(payments.created_at, range.from));
  if (range.to) filters.push(lt(payments.created_at, range.to));
  filters.push(searchFilter(query));
  return and(...filters);
}

/** Payments matching the query in its order, `limit` from `offset`. */
export function selectPayments(db: Queryable, query: FilterQuery, limit: number, offset: number) {
  const column = ORDER_COLUMNS[query.orderBy];
  const direction = sql.raw(query.sortBy);
  return selectWithNames(db)
    .where(paymentFilters(query))
    .orderBy(sql`${column} ${direction}`, sql`${payments.id} ${direction}`)
    .limit(limit)
    .offset(offset);
}

const sumOf = (column: AnyPgColumn) => sql<string>`coalesce(sum(${column}), 0)::numeric(14,4)::text`;

/** One page of payments (of one user, or of everyone for staff) with the filters of customer-area §3. */
export async function pagePayments(db: Queryable, query: ListQuery) {
  const [rows, [total]] = await Promise.all([
    selectPayments(db, query, query.limit, (query.page - 1) * query.limit),
    db
      .select({ value: count() })
      .from(payments)
      .innerJoin(paymentSystems, eq(paymentSystems.id, payments.paysystem_id))
      .where(paymentFilters(query)),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** The count and sums of every payment the query matches (all pages). */
export async function sumPayments(db: Queryable, query: FilterQuery) {
  const [row] = await db
    .select({
      count: count(),
      amount: sumOf(payments.amount),
      fee: sumOf(payments.fee),
      vat: sumOf(payments.vat),
      total: sumOf(payments.total),
      bonus: sumOf(payments.bonus),
    })
    .from(payments)
    .innerJoin(paymentSystems, eq(paymentSystems.id, payments.paysystem_id))
    .where(paymentFilters(query));
  return row!;
}

/** Credited payments of the user in all, and the latest one. */
export async function paymentTotals(db: Queryable, userId: number) {
  const credited = and(
    eq(payments.user_id, userId),
    eq(payments.status, 'credited'),
    eq(payments.type, 'regular'),
  );
  const [[sum], [latest]] = await Promise.all([
    db
      .select({
        total: sql<string>`coalesce(sum(${payments.amount}), 0)::numeric(14,4)::text`,
        count: count(),
      })
      .from(payments)
      .where(credited),
    db
      .select({ id: payments.id, amount: payments.amount, created_at: payments.created_at })
      .from(payments)
      .where(credited)
      .orderBy(desc(payments.credited_at), desc(payments.id))
      .limit(1),
  ]);
  return { total: sum?.total ?? '0.0000', count: sum?.count ?? 0, latest };
}

/** The largest credited regular payment of the user (success story reward). */
export async function largestPayment(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db
    .select({ amount: sql<string | null>`max(${payments.amount})::text` })
    .from(payments)
    .where(and(eq(payments.user_id, userId), eq(payments.status, 'credited'), eq(payments.type, 'regular')));
  return row?.amount ?? null;
}
