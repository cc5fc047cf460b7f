import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { paymentSystems, payments, users } from '../../db/schema/index.js';
import { ownerColumns } from '../users/users.repo.js';
import { clientsOf, inPeriod, type SalesPeriod } from './sales.repo.js';

/** Credited regular payments of the scope's clients in the period. */
function committedPayments(period: SalesPeriod) {
  return and(
    clientsOf(period.scope, period.managerId),
    eq(payments.status, 'credited'),
    eq(payments.type, 'regular'),
    ...inPeriod(payments.credited_at, period.from, period.to),
  );
}

const paysystemName = sql<string>`coalesce(${paymentSystems.name}, '')`;

/** The period's credited payments per payment system: how many and how much. */
export async function paymentsByPaysystem(db: Db, period: SalesPeriod) {
  return db
    .select({
      paysystem: paysystemName,
      payments: count(),
      amount: sql<string>`sum(${payments.amount})::numeric(14,4)::text`,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.user_id))
    .leftJoin(paymentSystems, eq(paymentSystems.id, payments.paysystem_id))
    .where(committedPayments(period))
    .groupBy(paysystemName)
    .orderBy(paysystemName);
}

/** How many clients the scope has, and the period's paying clients, payments and their sum. */
export async function paymentTotals(db: Db, period: SalesPeriod) {
  const [[clients], [paid]] = await Promise.all([
    db.select({ value: count() }).from(users).where(clientsOf(period.scope, period.managerId)),
    db
      .select({
        active: sql<number>`count(distinct ${payments.user_id})::int`,
        committed: count(),
        total: sql<string>`coalesce(sum(${payments.amount}), 0)::numeric(14,4)::text`,
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.user_id))
      .where(committedPayments(period)),
  ]);
  return { clients: clients?.value ?? 0, paid };
}

function lastPaymentsQuery(db: Db, period: SalesPeriod) {
  return db
    .select({
      id: payments.id,
      user: ownerColumns,
      paysystem: paysystemName,
      amount: payments.amount,
      credited_at: payments.credited_at,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.user_id))
    .leftJoin(paymentSystems, eq(paymentSystems.id, payments.paysystem_id))
    .where(committedPayments(period))
    .orderBy(desc(payments.credited_at), desc(payments.id));
}

export type PaymentRow = Awaited<ReturnType<typeof lastPaymentsQuery>>[number];

/** A page of the period's credited payments, newest first, and how many there are. */
export async function paymentsPage(db: Db, period: SalesPeriod, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    lastPaymentsQuery(db, period)
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({ value: count() })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.user_id))
      .where(committedPayments(period)),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** `size` of the period's credited payments from `offset`, newest first. */
export function paymentsBatch(db: Db, period: SalesPeriod, size: number, offset: number) {
  return lastPaymentsQuery(db, period).limit(size).offset(offset);
}
