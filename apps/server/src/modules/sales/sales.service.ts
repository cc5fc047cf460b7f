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
import type { Db } from '../../db/client.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import { notify } from '../notices/notify.js';
import { isManager } from '../admin-users/admin-users.repo.js';
import { refuseSelfOrStaff } from '../users/staff-accounts.js';
import {
  assignManager,
  clientById,
  clientHistoryPage,
  clientsAfter,
  clientsByStatus,
  clientsPage,
  fullNameOf,
  isClientInScope,
  lockClientInScope,
  lockLiveUser,
  managerOf,
  newClientsPage,
  salesRowOf,
  saveSales,
  type ClientFilters,
  type ClientRow,
  type SalesScope,
} from './sales.repo.js';
import {
  paymentTotals,
  paymentsBatch,
  paymentsByPaysystem,
  paymentsPage,
  type PaymentRow,
} from './sales-payments.repo.js';

export { unassignedClients } from './sales.repo.js';

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

const filtersOf = (scope: SalesScope, query: Out<typeof salesExportQuerySchema>): ClientFilters => ({
  scope,
  managerId: query.manager_id,
  priceplanId: query.priceplan_id,
  status: query.status,
});

/** `GET sales-reports` (My clients): a page of the scope's clients by id. */
export async function listClients(db: Db, scope: SalesScope, query: Out<typeof salesClientsQuerySchema>) {
  const { rows, total } = await clientsPage(db, filtersOf(scope, query), query.page, query.limit);
  return { data: rows.map(clientView), meta: pageMeta(total, query.page, query.limit) };
}

/** The scope's clients in batches of `size` by id, for the export. */
export async function* clientBatches(
  db: Db,
  scope: SalesScope,
  query: Out<typeof salesExportQuerySchema>,
  size: number,
) {
  for (let after = 0; ;) {
    const rows = await clientsAfter(db, filtersOf(scope, query), after, size);
    yield rows.map(clientView);
    if (rows.length < size) return;
    after = rows.at(-1)!.id;
  }
}

async function oneClient(db: Db, userId: number, message: string) {
  const row = await clientById(db, userId);
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
    // A manager may change only their own clients (404 otherwise, no probing).
    if (!(await lockClientInScope(tx, scope, userId))) throw new NotFoundError(SALES_MESSAGES.notYourClient);
    const before = await salesRowOf(tx, userId);
    const next = {
      status: change.status ?? before?.status ?? 'new',
      note: change.note ?? before?.note ?? '',
    };
    await saveSales(tx, userId, next, scope.actorId);
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
  if (!(await isClientInScope(db, scope, query.user_id)))
    throw new NotFoundError(SALES_MESSAGES.notYourClient);
  const { rows, total } = await clientHistoryPage(db, query.user_id, query.page, query.limit);
  return {
    data: rows.map(({ entry, author }) => ({
      id: entry.id,
      status: entry.status,
      note: entry.note,
      author: author?.id ? author : null,
      created_at: entry.created_at.toISOString(),
    })),
    meta: pageMeta(total, query.page, query.limit),
  };
}

/**
 * `GET sales-reports/new-clients`: customers without a manager, those who asked for one first, then by id
 * descending. Staff accounts are nobody's clients.
 */
export async function newClients(db: Db, query: Out<typeof newClientsQuerySchema>) {
  const { rows, total } = await newClientsPage(db, query.page, query.limit);
  return {
    data: rows.map((row) => ({
      ...row,
      created_at: row.created_at.toISOString(),
      requested_at: row.requested_at ? new Date(row.requested_at).toISOString() : null,
    })),
    meta: pageMeta(total, query.page, query.limit),
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
    const client = await lockLiveUser(tx, body.user_id);
    if (!client) throw new NotFoundError();
    if (!scope.seesAll && client.manager_id !== null) throw new ConflictError(SALES_MESSAGES.alreadyAssigned);
    await assignManager(tx, client.id, body.manager_id);
    await audit(tx, {
      action: 'sales.change-manager',
      target: { type: 'user', id: client.id, userId: client.id },
      before: { manager_id: client.manager_id },
      after: { manager_id: body.manager_id },
    });
    if (client.manager_id !== body.manager_id) {
      await notify(tx, {
        userId: client.id,
        type: 'message',
        key: 'managerAssigned',
        params: { name: (await fullNameOf(tx, body.manager_id))! },
      });
    }
  });
  return { message: SALES_MESSAGES.managerAssigned };
}

const periodOf = (scope: SalesScope, query: Out<typeof salesPeriodQuerySchema>) => ({
  scope,
  managerId: query.manager_id,
  from: query.from,
  to: query.to,
});

/** `GET sales-reports/by-status`: the scope's clients per sales status, every status listed. */
export async function byStatus(db: Db, scope: SalesScope, query: Out<typeof salesPeriodQuerySchema>) {
  const counts = await clientsByStatus(db, periodOf(scope, query));
  return { data: SALES_STATUSES.map((name) => ({ status: name, clients: counts.get(name) ?? 0 })) };
}

/** `GET sales-reports/by-payments`: the period's credited payments per payment system. */
export async function byPayments(db: Db, scope: SalesScope, query: Out<typeof salesPeriodQuerySchema>) {
  return { data: await paymentsByPaysystem(db, periodOf(scope, query)) };
}

/** `GET sales-reports/totals`. */
export async function totals(db: Db, scope: SalesScope, query: Out<typeof salesPeriodQuerySchema>) {
  const { clients, paid } = await paymentTotals(db, periodOf(scope, query));
  return {
    data: {
      total_clients: clients,
      active_clients: paid?.active ?? 0,
      payments_committed: paid?.committed ?? 0,
      payments_total: paid?.total ?? '0.0000',
    },
  };
}

const paymentView = (row: PaymentRow) => ({ ...row, credited_at: row.credited_at!.toISOString() });

/** `GET sales-reports/last-payments`: the period's credited payments, newest first. */
export async function lastPayments(db: Db, scope: SalesScope, query: Out<typeof lastPaymentsQuerySchema>) {
  const { rows, total } = await paymentsPage(db, periodOf(scope, query), query.page, query.limit);
  return { data: rows.map(paymentView), meta: pageMeta(total, query.page, query.limit) };
}

/** The period's credited payments in batches, for the export. */
export async function* paymentBatches(
  db: Db,
  scope: SalesScope,
  query: Out<typeof salesPeriodQuerySchema>,
  size: number,
) {
  for (let offset = 0; ; offset += size) {
    const rows = await paymentsBatch(db, periodOf(scope, query), size, offset);
    yield rows.map(paymentView);
    if (rows.length < size) return;
  }
}
