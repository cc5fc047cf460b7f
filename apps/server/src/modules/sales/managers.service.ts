import { SALES_MESSAGES, type CustomerManagers, type ManagerRequest } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { ConflictError } from '../../lib/errors.js';
import {
  activeManagers,
  insertRequest,
  latestRequest,
  managerContacts,
  managerIdOf,
  openRequestOf,
  type RequestRow,
} from './managers.repo.js';

const requestView = (row: RequestRow): ManagerRequest => ({
  id: row.id,
  status: row.status,
  created_at: row.created_at.toISOString(),
});

/**
 * Customer `GET managers`: the managers (name and avatar only), the caller's personal manager with contacts,
 * and their latest request (the open one, or the one that gave them their manager).
 */
export async function customerManagers(db: Db, userId: number): Promise<CustomerManagers> {
  const [list, managerId, request] = await Promise.all([
    activeManagers(db),
    managerIdOf(db, userId),
    latestRequest(db, userId),
  ]);
  const mine = managerId ? ((await managerContacts(db, managerId)) ?? null) : null;
  return { data: list, mine, request: request ? requestView(request) : null };
}

/**
 * Customer `POST managers/request`: one open request per customer. A second send while one is open answers
 * that one (the partial unique index makes two sends at once insert one row); a customer who already has a
 * manager has nothing to ask for (409).
 */
export async function requestManager(db: Db, userId: number) {
  if (await managerIdOf(db, userId)) throw new ConflictError(SALES_MESSAGES.alreadyHasManager);
  const created = await insertRequest(db, userId);
  const row = created ?? (await openRequestOf(db, userId))!;
  return {
    created: created !== undefined,
    body: { data: requestView(row), message: SALES_MESSAGES.requestSent },
  };
}
