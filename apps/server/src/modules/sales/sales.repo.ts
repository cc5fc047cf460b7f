import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  isNotNull,
  isNull,
  lt,
  not,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SalesStatus } from '@storelift/shared';
import type { Db, Queryable } from '../../db/client.js';
import {
  billingProfiles,
  clientSales,
  clientSalesHistory,
  managerRequests,
  pricePlans,
  users,
} from '../../db/schema/index.js';
import { BASE_PLAN_ID } from '../plans/plans.data.js';
import { dayRange } from '../../lib/query-helpers.js';
import { holdsStaffRole, ownerColumns } from '../users/users.repo.js';

/** Whose clients a staff member reads: their own, or (holding `sales-report.all-managers`) any manager's. */
export interface SalesScope {
  actorId: number;
  seesAll: boolean;
}

const managers = aliasedTable(users, 'manager');

/**
 * The clients a scope reads: a manager only their own whatever `manager_id` says (staff-admin §6); who sees
 * all, the chosen manager's, or every client with a manager when `manager_id` is 0.
 */
export function clientsOf(scope: SalesScope, managerId: number): SQL {
  const owner = !scope.seesAll
    ? eq(users.manager_id, scope.actorId)
    : managerId
      ? eq(users.manager_id, managerId)
      : isNotNull(users.manager_id);
  return and(owner, isNull(users.deleted_at))!;
}

/** The user holds no staff role: staff accounts are nobody's clients. */
export const isCustomer = (db: Queryable) => not(holdsStaffRole(db, users.id));

/** A user's plan: billing profiles are made on first use, a user without one is on the base plan. */
export const planIdOf = sql<number>`coalesce(${billingProfiles.price_plan_id}, ${BASE_PLAN_ID})`;

/** The columns every client row shows, with its plan, manager and sales status. */
const clientColumns = {
  id: users.id,
  nickname: users.nickname,
  email: users.email,
  full_name: users.full_name,
  country: users.country,
  created_at: users.created_at,
  priceplan: pricePlans.name,
  total_payments: sql<string>`coalesce(${billingProfiles.total_payments}, 0)::numeric(14,4)::text`,
  total_spent: sql<string>`coalesce(${billingProfiles.total_spent}, 0)::numeric(14,4)::text`,
  manager_id: managers.id,
  manager_nickname: managers.nickname,
  manager_email: managers.email,
  status: clientSales.status,
  note: clientSales.note,
  status_updated_at: clientSales.updated_at,
};

/** Users joined with their billing profile, plan, manager and sales row. */
export function clientRows(db: Queryable): ClientRowsQuery {
  return db
    .select(clientColumns)
    .from(users)
    .leftJoin(billingProfiles, eq(billingProfiles.user_id, users.id))
    .innerJoin(pricePlans, eq(pricePlans.id, planIdOf))
    .leftJoin(managers, eq(managers.id, users.manager_id))
    .leftJoin(clientSales, eq(clientSales.user_id, users.id));
}

export interface ClientRow {
  id: number;
  nickname: string;
  email: string;
  full_name: string;
  country: string;
  created_at: Date;
  priceplan: string;
  total_payments: string;
  total_spent: string;
  manager_id: number | null;
  manager_nickname: string | null;
  manager_email: string | null;
  status: SalesStatus | null;
  note: string | null;
  status_updated_at: Date | null;
}

/*
 * What `clientRows` is used for, typed by hand: through `Queryable` (a database or a transaction) drizzle infers
 * the joined rows as `never`.
 */
type ClientRowsQuery = {
  where(where: SQL | undefined): {
    orderBy(...order: SQL[]): {
      limit(n: number): { offset(n: number): Promise<ClientRow[]> } & Promise<ClientRow[]>;
    };
  } & Promise<ClientRow[]>;
};

/** How many clients match: the joins `clientRows` filters through. */
export function clientCount(db: Queryable) {
  return db
    .select({ value: count() })
    .from(users)
    .leftJoin(billingProfiles, eq(billingProfiles.user_id, users.id))
    .leftJoin(clientSales, eq(clientSales.user_id, users.id));
}

export const managerOf = (row: ClientRow) =>
  row.manager_id === null || row.manager_nickname === null || row.manager_email === null
    ? null
    : { id: row.manager_id, nickname: row.manager_nickname, email: row.manager_email };

/** A `from`/`to` day pair as conditions on a time column. */
export function inPeriod(column: AnyPgColumn, from?: string, to?: string): SQL[] {
  const range = dayRange(from, to);
  return [...(range.from ? [gte(column, range.from)] : []), ...(range.to ? [lt(column, range.to)] : [])];
}

/** The filters of My clients and its export. */
export interface ClientFilters {
  scope: SalesScope;
  managerId: number;
  priceplanId?: number;
  status?: SalesStatus;
}

function clientFilters(filters: ClientFilters) {
  return and(
    clientsOf(filters.scope, filters.managerId),
    filters.priceplanId ? eq(planIdOf, filters.priceplanId) : undefined,
    // A client nobody set a status for is new.
    filters.status
      ? filters.status === 'new'
        ? sql`coalesce(${clientSales.status}, 'new') = 'new'`
        : eq(clientSales.status, filters.status)
      : undefined,
  );
}

/** A page of the clients `where` picks, in `order`, and how many there are. */
async function pageOfClients(db: Db, where: SQL | undefined, order: SQL, page: number, limit: number) {
  const [rows, [total]] = await Promise.all([
    clientRows(db)
      .where(where)
      .orderBy(order)
      .limit(limit)
      .offset((page - 1) * limit),
    clientCount(db).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** A page of the filtered clients by id, and how many there are. */
export const clientsPage = (db: Db, filters: ClientFilters, page: number, limit: number) =>
  pageOfClients(db, clientFilters(filters), asc(users.id), page, limit);

/** The next `size` filtered clients after the id `after`. */
export function clientsAfter(db: Db, filters: ClientFilters, after: number, size: number) {
  return clientRows(db)
    .where(and(clientFilters(filters), sql`${users.id} > ${after}`))
    .orderBy(asc(users.id))
    .limit(size);
}

/** One client row by user id. */
export async function clientById(db: Db, userId: number): Promise<ClientRow | undefined> {
  const [row] = await clientRows(db).where(eq(users.id, userId));
  return row;
}

/** Locks the user row if the user is a client the scope may change (nothing otherwise). */
export async function lockClientInScope(tx: Queryable, scope: SalesScope, userId: number) {
  const [row] = await tx
    .select({ id: users.id, manager_id: users.manager_id })
    .from(users)
    .where(and(eq(users.id, userId), clientsOf(scope, 0)))
    .for('update');
  return row;
}

/** The user is a client the scope may see. */
export async function isClientInScope(db: Db, scope: SalesScope, userId: number) {
  const [client] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), clientsOf(scope, 0)));
  return client !== undefined;
}

/** The client's sales row (status and note), if anyone set one. */
export async function salesRowOf(tx: Queryable, userId: number) {
  const [row] = await tx.select().from(clientSales).where(eq(clientSales.user_id, userId));
  return row;
}

/** Writes the client's status and note and keeps them in the history. */
export async function saveSales(
  tx: Queryable,
  userId: number,
  next: { status: SalesStatus; note: string },
  actorId: number,
) {
  await tx
    .insert(clientSales)
    .values({ user_id: userId, ...next, updated_by: actorId })
    .onConflictDoUpdate({
      target: clientSales.user_id,
      set: { ...next, updated_by: actorId, updated_at: new Date() },
    });
  await tx.insert(clientSalesHistory).values({ user_id: userId, ...next, author_id: actorId });
}

/** A page of a client's sales history with its authors, newest first, and how many entries there are. */
export async function clientHistoryPage(db: Db, userId: number, page: number, limit: number) {
  const where = eq(clientSalesHistory.user_id, userId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: clientSalesHistory,
        author: ownerColumns,
      })
      .from(clientSalesHistory)
      .leftJoin(users, eq(users.id, clientSalesHistory.author_id))
      .where(where)
      .orderBy(desc(clientSalesHistory.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(clientSalesHistory).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** An open personal-manager request of the row's user. */
const openRequest = sql<Date | null>`(select ${managerRequests.created_at} from ${managerRequests}
  where ${managerRequests.user_id} = ${users.id} and ${managerRequests.status} <> 'assigned')`;

/** The new clients: customers without a manager (also counted on the staff home). */
export const unassignedClients = (db: Db) =>
  and(isNull(users.manager_id), isNull(users.deleted_at), isCustomer(db));

/** A page of the new clients, those who asked for a manager first, then by id descending; and how many. */
export async function newClientsPage(db: Db, page: number, limit: number) {
  const where = unassignedClients(db);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        nickname: users.nickname,
        email: users.email,
        full_name: users.full_name,
        country: users.country,
        created_at: users.created_at,
        priceplan: pricePlans.name,
        requested_at: sql<string | null>`${openRequest}`,
      })
      .from(users)
      .leftJoin(billingProfiles, eq(billingProfiles.user_id, users.id))
      .innerJoin(pricePlans, eq(pricePlans.id, planIdOf))
      .where(where)
      .orderBy(sql`${openRequest} is null`, desc(users.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

/** Locks a user who is not deleted (nothing otherwise). */
export async function lockLiveUser(tx: Queryable, userId: number) {
  const [row] = await tx
    .select({ id: users.id, manager_id: users.manager_id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deleted_at)))
    .for('update');
  return row;
}

/** Gives the client the manager and closes their sent request. */
export async function assignManager(tx: Queryable, clientId: number, managerId: number) {
  await tx.update(users).set({ manager_id: managerId, updated_at: new Date() }).where(eq(users.id, clientId));
  await tx
    .update(managerRequests)
    .set({ status: 'assigned', manager_id: managerId, assigned_at: new Date() })
    .where(and(eq(managerRequests.user_id, clientId), eq(managerRequests.status, 'sent')));
}

/** A user's full name. */
export async function fullNameOf(tx: Queryable, userId: number) {
  const [row] = await tx.select({ name: users.full_name }).from(users).where(eq(users.id, userId));
  return row?.name;
}

/** A period of the sales reports: the scope's clients (or one manager's) and the days. */
export interface SalesPeriod {
  scope: SalesScope;
  managerId: number;
  from?: string;
  to?: string;
}

/** The scope's clients made in the period per sales status (a client without one is new). */
export async function clientsByStatus(db: Db, period: SalesPeriod) {
  const status = sql<SalesStatus>`coalesce(${clientSales.status}, 'new')`;
  const rows = await db
    .select({ status, clients: count() })
    .from(users)
    .leftJoin(clientSales, eq(clientSales.user_id, users.id))
    .where(
      and(clientsOf(period.scope, period.managerId), ...inPeriod(users.created_at, period.from, period.to)),
    )
    .groupBy(status);
  return new Map(rows.map((row) => [row.status, row.clients]));
}

/** The filters of the clients report. */
export interface ReportFilters {
  country?: string;
  manager_id?: number;
  priceplan_id?: number;
}

const reportFilters = (db: Queryable, query: ReportFilters) =>
  and(
    isNull(users.deleted_at),
    isCustomer(db),
    query.country ? eq(users.country, query.country) : undefined,
    query.manager_id ? eq(users.manager_id, query.manager_id) : undefined,
    query.priceplan_id ? eq(planIdOf, query.priceplan_id) : undefined,
  );

/** A page of the report's clients (no staff account), id descending, and how many there are. */
export const reportClientsPage = (db: Db, query: ReportFilters, page: number, limit: number) =>
  pageOfClients(db, reportFilters(db, query), desc(users.id), page, limit);

/** The next `size` of the report's clients below the id `before`, id descending. */
export function reportClientsBefore(db: Db, query: ReportFilters, before: number, size: number) {
  return clientRows(db)
    .where(and(reportFilters(db, query), sql`${users.id} < ${before}`))
    .orderBy(desc(users.id))
    .limit(size);
}
