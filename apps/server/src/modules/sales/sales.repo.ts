import { aliasedTable, and, count, eq, gte, isNotNull, isNull, lt, not, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { SalesStatus } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { billingProfiles, clientSales, pricePlans, users } from '../../db/schema/index.js';
import { BASE_PLAN_ID } from '../plans/plans.data.js';
import { dayRange } from '../../lib/query-helpers.js';
import { holdsStaffRole } from '../users/staff-accounts.js';

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
