import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  SALES_MESSAGES,
  SALES_STATUSES,
  type SalesClient,
  type SalesStatus,
  type changeHistoryNoteBodySchema,
  type changeManagerBodySchema,
  type changeSalesStatusBodySchema,
  type lastPaymentsQuerySchema,
  type newClientsQuerySchema,
  type salesClientsQuerySchema,
  type salesExportQuerySchema,
  type salesHistoryQuerySchema,
  type salesPeriodQuerySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import {
  billingProfiles,
  clientSales,
  clientSalesHistory,
  managerRequests,
  paymentSystems,
  payments,
  pricePlans,
  users,
} from '../../db/schema/index.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import { notify } from '../notices/notify.js';
import { isManager } from '../admin-users/admin-users.repo.js';
import { refuseSelfOrStaff } from '../users/staff-accounts.js';
import {
  clientCount,
  clientRows,
  clientsOf,
  inPeriod,
  isCustomer,
  managerOf,
  type ClientRow,
  type SalesScope,
  planIdOf,
} from './sales.repo.js';

type Out<T extends z.ZodType> = z.output<T>;

function clientView(row: ClientRow): SalesClient {
  return {
    id: row.id,
    nickname: row.nickname,
    email: row.email,
    full_name: row.full_name,
    country: row.country,
    priceplan: row.priceplan,
    manager: managerOf(row),
    created_at: row.created_at.toISOString(),
    total_payments: row.total_payments,
    total_spent: row.total_spent,
    status: row.status ?? 'new',
    note: row.note ?? '',
    status_updated_at: row.status_updated_at?.toISOString() ?? null,
  };
}

function clientFilters(scope: SalesScope, query: Out<typeof salesExportQuerySchema>) {
  return and(
    clientsOf(scope, query.manager_id),
    query.priceplan_id ? eq(planIdOf, query.priceplan_id) : undefined,
    // A client nobody set a status for is new.
    query.status
      ? query.status === 'new'
        ? sql`coalesce(${clientSales.status}, 'new') = 'new'`
        : eq(clientSales.status, query.status)
      : undefined,
  );
}

/** `GET sales-reports` (My clients): a page of the scope's clients by id. */
export async function listClients(db: Db, scope: SalesScope, query: Out<typeof salesClientsQuerySchema>) {
  const where = clientFilters(scope, query);
  const [rows, [total]] = await Promise.all([
    clientRows(db)
      .where(where)
      .orderBy(asc(users.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    clientCount(db).where(where),
  ]);
  return { data: rows.map(clientView), meta: pageMeta(total?.value ?? 0, query.page, query.limit) };
}

/** The scope's clients in batches of `size` by id, for the export. */
export async function* clientBatches(
  db: Db,
  scope: SalesScope,
  query: Out<typeof salesExportQuerySchema>,
  size: number,
) {
  for (let after = 0; ;) {
    const rows = await clientRows(db)
      .where(and(clientFilters(scope, query), sql`${users.id} > ${after}`))
      .orderBy(asc(users.id))
      .limit(size);
    yield rows.map(clientView);
    if (rows.length < size) return;
    after = rows.at(-1)!.id;
  }
}

/** The client, locked, if the scope may change them: a manager only their own (404 otherwise, no probing). */
async function lockClient(tx: Queryable, scope: SalesScope, userId: number) {
  const [row] = await tx
    .select({ id: users.id, manager_id: users.manager_id })
    .from(users)
    .where(and(eq(users.id, userId), clientsOf(scope, 0)))
    .for('update');
  if (!row) throw new NotFoundError(SALES_MESSAGES.notYourClient);
  return row;
}

async function oneClient(db: Db, userId: number, message: string) {
  const [row] = await clientRows(db).where(eq(users.id, userId));
  if (!row) throw new NotFoundError();
  return { data: clientView(row), message };
}

/** Sets a client's status or note, keeps the change in the history and the audit log. */
async function changeSales(
  db: Db,
  scope: SalesScope,
  userId: number,
  change: { status?: SalesStatus; note?: string },
  message: string,
) {
  await refuseSelfOrStaff(db, scope.actorId, userId);
  await db.transaction(async (tx) => {
    await lockClient(tx, scope, userId);
    const [before] = await tx.select().from(clientSales).where(eq(clientSales.user_id, userId));
    const next = {
      status: change.status ?? before?.status ?? 'new',
      note: change.note ?? before?.note ?? '',
    };
    await tx
      .insert(clientSales)
      .values({ user_id: userId, ...next, updated_by: scope.actorId })
      .onConflictDoUpdate({
        target: clientSales.user_id,
        set: { ...next, updated_by: scope.actorId, updated_at: new Date() },
      });
    await tx.insert(clientSalesHistory).values({ user_id: userId, ...next, author_id: scope.actorId });
    await audit(tx, {
      action: change.status ? 'sales.change-status' : 'sales.change-history-note',
      target: { type: 'user', id: userId, userId },
      before: before ? { status: before.status, note: before.note } : null,
      after: next,
    });
  });
  return oneClient(db, userId, message);
}

/** `POST sales-reports/change-status`. */
export const changeStatus = (db: Db, scope: SalesScope, body: Out<typeof changeSalesStatusBodySchema>) =>
  changeSales(db, scope, body.user_id, { status: body.status }, SALES_MESSAGES.statusSaved);

/** `POST sales-reports/change-history-note`. */
export const changeNote = (db: Db, scope: SalesScope, body: Out<typeof changeHistoryNoteBodySchema>) =>
  changeSales(db, scope, body.user_id, { note: body.note }, SALES_MESSAGES.noteSaved);

/** `GET sales-reports/history`: a client's changes, newest first, for whoever may see the client. */
export async function history(db: Db, scope: SalesScope, query: Out<typeof salesHistoryQuerySchema>) {
  const [client] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, query.user_id), clientsOf(scope, 0)));
  if (!client) throw new NotFoundError(SALES_MESSAGES.notYourClient);
  const where = eq(clientSalesHistory.user_id, query.user_id);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        entry: clientSalesHistory,
        author: { id: users.id, nickname: users.nickname, email: users.email },
      })
      .from(clientSalesHistory)
      .leftJoin(users, eq(users.id, clientSalesHistory.author_id))
      .where(where)
      .orderBy(desc(clientSalesHistory.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(clientSalesHistory).where(where),
  ]);
  return {
    data: rows.map(({ entry, author }) => ({
      id: entry.id,
      status: entry.status,
      note: entry.note,
      author: author?.id ? author : null,
      created_at: entry.created_at.toISOString(),
    })),
    meta: pageMeta(total?.value ?? 0, query.page, query.limit),
  };
}

/** An open personal-manager request of the row's user. */
const openRequest = sql<Date | null>`(select ${managerRequests.created_at} from ${managerRequests}
  where ${managerRequests.user_id} = ${users.id} and ${managerRequests.status} <> 'assigned')`;

/** The new clients: customers without a manager (also counted on the staff home). */
export const unassignedClients = (db: Db) =>
  and(isNull(users.manager_id), isNull(users.deleted_at), isCustomer(db));

/**
 * `GET sales-reports/new-clients`: customers without a manager, those who asked for one first, then by id
 * descending. Staff accounts are nobody's clients.
 */
export async function newClients(db: Db, query: Out<typeof newClientsQuerySchema>) {
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
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(users).where(where),
  ]);
  return {
    data: rows.map((row) => ({
      ...row,
      created_at: row.created_at.toISOString(),
      requested_at: row.requested_at ? new Date(row.requested_at).toISOString() : null,
    })),
    meta: pageMeta(total?.value ?? 0, query.page, query.limit),
  };
}

/**
 * `POST sales-reports/new-clients/change-manager`: gives a client a manager and closes their open request.
 * A manager may only take a client nobody has, for themselves; who sees all may give any client any manager.
 * The user row lock makes two managers taking one client at once answer 409 to the second.
 */
export async function changeManager(db: Db, scope: SalesScope, body: Out<typeof changeManagerBodySchema>) {
  if (!scope.seesAll && body.manager_id !== scope.actorId)
    throw new ForbiddenError(SALES_MESSAGES.onlyYourself);
  if (!(await isManager(db, body.manager_id)))
    throw ValidationError.field('manager_id', SALES_MESSAGES.managerInvalid);
  // Staff accounts are nobody's clients: a manager cannot take an admin (or themselves) as a client.
  await refuseSelfOrStaff(db, scope.actorId, body.user_id);
  await db.transaction(async (tx) => {
    const [client] = await tx
      .select({ id: users.id, manager_id: users.manager_id })
      .from(users)
      .where(and(eq(users.id, body.user_id), isNull(users.deleted_at)))
      .for('update');
    if (!client) throw new NotFoundError();
    if (!scope.seesAll && client.manager_id !== null) throw new ConflictError(SALES_MESSAGES.alreadyAssigned);
    await tx
      .update(users)
      .set({ manager_id: body.manager_id, updated_at: new Date() })
      .where(eq(users.id, client.id));
    await tx
      .update(managerRequests)
      .set({ status: 'assigned', manager_id: body.manager_id, assigned_at: new Date() })
      .where(and(eq(managerRequests.user_id, client.id), eq(managerRequests.status, 'sent')));
    await audit(tx, {
      action: 'sales.change-manager',
      target: { type: 'user', id: client.id, userId: client.id },
      before: { manager_id: client.manager_id },
      after: { manager_id: body.manager_id },
    });
    if (client.manager_id !== body.manager_id) {
      const [manager] = await tx
        .select({ name: users.full_name })
        .from(users)
        .where(eq(users.id, body.manager_id));
      await notify(tx, {
        userId: client.id,
        type: 'message',
        key: 'managerAssigned',
        params: { name: manager!.name },
      });
    }
  });
  return { message: SALES_MESSAGES.managerAssigned };
}

/** Credited regular payments of the scope's clients in the period. */
function committedPayments(scope: SalesScope, query: Out<typeof salesPeriodQuerySchema>) {
  return and(
    clientsOf(scope, query.manager_id),
    eq(payments.status, 'credited'),
    eq(payments.type, 'regular'),
    ...inPeriod(payments.credited_at, query.from, query.to),
  );
}

/** `GET sales-reports/by-status`: the scope's clients per sales status, every status listed. */
export async function byStatus(db: Db, scope: SalesScope, query: Out<typeof salesPeriodQuerySchema>) {
  const status = sql<SalesStatus>`coalesce(${clientSales.status}, 'new')`;
  const rows = await db
    .select({ status, clients: count() })
    .from(users)
    .leftJoin(clientSales, eq(clientSales.user_id, users.id))
    .where(and(clientsOf(scope, query.manager_id), ...inPeriod(users.created_at, query.from, query.to)))
    .groupBy(status);
  const counts = new Map(rows.map((row) => [row.status, row.clients]));
  return { data: SALES_STATUSES.map((name) => ({ status: name, clients: counts.get(name) ?? 0 })) };
}

const paysystemName = sql<string>`coalesce(${paymentSystems.name}, '')`;

/** `GET sales-reports/by-payments`: the period's credited payments per payment system. */
export async function byPayments(db: Db, scope: SalesScope, query: Out<typeof salesPeriodQuerySchema>) {
  const rows = await db
    .select({
      paysystem: paysystemName,
      payments: count(),
      amount: sql<string>`sum(${payments.amount})::numeric(14,4)::text`,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.user_id))
    .leftJoin(paymentSystems, eq(paymentSystems.id, payments.paysystem_id))
    .where(committedPayments(scope, query))
    .groupBy(paysystemName)
    .orderBy(paysystemName);
  return { data: rows };
}

/** `GET sales-reports/totals`. */
export async function totals(db: Db, scope: SalesScope, query: Out<typeof salesPeriodQuerySchema>) {
  const [[clients], [paid]] = await Promise.all([
    db.select({ value: count() }).from(users).where(clientsOf(scope, query.manager_id)),
    db
      .select({
        active: sql<number>`count(distinct ${payments.user_id})::int`,
        committed: count(),
        total: sql<string>`coalesce(sum(${payments.amount}), 0)::numeric(14,4)::text`,
      })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.user_id))
      .where(committedPayments(scope, query)),
  ]);
  return {
    data: {
      total_clients: clients?.value ?? 0,
      active_clients: paid?.active ?? 0,
      payments_committed: paid?.committed ?? 0,
      payments_total: paid?.total ?? '0.0000',
    },
  };
}

function lastPaymentsQuery(db: Db, scope: SalesScope, query: Out<typeof salesPeriodQuerySchema>) {
  return db
    .select({
      id: payments.id,
      user: { id: users.id, nickname: users.nickname, email: users.email },
      paysystem: paysystemName,
      amount: payments.amount,
      credited_at: payments.credited_at,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.user_id))
    .leftJoin(paymentSystems, eq(paymentSystems.id, payments.paysystem_id))
    .where(committedPayments(scope, query))
    .orderBy(desc(payments.credited_at), desc(payments.id));
}

const paymentView = (row: Awaited<ReturnType<typeof lastPaymentsQuery>>[number]) => ({
  ...row,
  credited_at: row.credited_at!.toISOString(),
});

/** `GET sales-reports/last-payments`: the period's credited payments, newest first. */
export async function lastPayments(db: Db, scope: SalesScope, query: Out<typeof lastPaymentsQuerySchema>) {
  const [rows, [total]] = await Promise.all([
    lastPaymentsQuery(db, scope, query)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ value: count() })
      .from(payments)
      .innerJoin(users, eq(users.id, payments.user_id))
      .where(committedPayments(scope, query)),
  ]);
  return { data: rows.map(paymentView), meta: pageMeta(total?.value ?? 0, query.page, query.limit) };
}

/** The period's credited payments in batches, for the export. */
export async function* paymentBatches(
  db: Db,
  scope: SalesScope,
  query: Out<typeof salesPeriodQuerySchema>,
  size: number,
) {
  for (let offset = 0; ; offset += size) {
    const rows = await lastPaymentsQuery(db, scope, query).limit(size).offset(offset);
    yield rows.map(paymentView);
    if (rows.length < size) return;
  }
}
