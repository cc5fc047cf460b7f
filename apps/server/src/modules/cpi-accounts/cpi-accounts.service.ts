import {
  STAFF_MONEY_MESSAGES,
  formatMoney,
  type CpiAccount,
  type cpiAccountBodySchema,
  type cpiAccountListQuerySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { isUniqueViolation } from '../../lib/unique-violation.js';
import { audit } from '../audit/audit.js';
import * as repo from './cpi-accounts.repo.js';

type Body = z.output<typeof cpiAccountBodySchema>;
type Query = z.output<typeof cpiAccountListQuerySchema>;
type Row = repo.CpiAccountRow;

/** staff-admin §5: a duplicate ID key answers the spec's message, with MySQL's code 1062 the client looks for. */
const duplicateIdKey = () =>
  Object.assign(ValidationError.field('id_key', STAFF_MONEY_MESSAGES.cpiAccountDuplicate), {
    extra: { code: '1062' },
  });

function view(row: Row, figures?: { used: string; campaigns: number }): CpiAccount {
  return {
    id: row.id,
    id_key: row.id_key,
    name: row.name,
    network: row.network,
    currency: row.currency,
    daily_limit: row.daily_limit,
    is_active: row.is_active,
    daily_used: figures?.used ?? '0.0000',
    campaigns: figures?.campaigns ?? 0,
    created_at: row.created_at.toISOString(),
  };
}

/** `GET campaigns/cpi-accounts`. */
export async function listCpiAccounts(db: Db, query: Query) {
  const { rows, total } = await repo.pageCpiAccounts(db, query);
  const figures = await repo.accountFigures(
    db,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => view(row, figures.get(row.id))),
    meta: pageMeta(total, query.page, query.limit),
  };
}

async function oneView(db: Queryable, id: number, message: string) {
  const row = await repo.findCpiAccount(db, id);
  if (!row) throw new NotFoundError();
  return { data: view(row, (await repo.accountFigures(db, [id])).get(id)), message };
}

const auditView = (row: Row) => ({
  id_key: row.id_key,
  name: row.name,
  network: row.network,
  currency: row.currency,
  daily_limit: row.daily_limit,
  is_active: row.is_active,
});

async function refuseTakenKey(db: Queryable, idKey: string, exceptId?: number) {
  const taken = await repo.accountIdByKey(db, idKey);
  if (taken !== undefined && taken !== exceptId) throw duplicateIdKey();
}

/** The unique index settles two saves of one key at once as the check does. */
async function saving<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isUniqueViolation(error, 'cpi_accounts_id_key_unique')) throw duplicateIdKey();
    throw error;
  }
}

const valuesOf = (body: Body): repo.CpiAccountValues => ({
  id_key: body.id_key,
  name: body.name,
  network: body.network,
  currency: body.currency,
  daily_limit: formatMoney(body.daily_limit),
  is_active: body.is_active,
});

/** `POST campaigns/cpi-accounts`. */
export async function createCpiAccount(db: Db, body: Body) {
  await refuseTakenKey(db, body.id_key);
  const row = await saving(() =>
    db.transaction(async (tx) => {
      const created = await repo.insertCpiAccount(tx, valuesOf(body));
      await audit(tx, {
        action: 'cpi-accounts.create',
        target: { type: 'cpi-account', id: created.id },
        after: auditView(created),
      });
      return created;
    }),
  );
  return oneView(db, row.id, STAFF_MONEY_MESSAGES.cpiAccountSaved);
}

/** Changes a locked account and audits it; the lock orders it with campaigns being assigned to it. */
async function change(
  db: Db,
  id: number,
  action: 'cpi-accounts.update' | 'cpi-accounts.deactivate',
  values: Partial<repo.CpiAccountValues>,
) {
  await saving(() =>
    db.transaction(async (tx) => {
      const before = await repo.lockCpiAccount(tx, id);
      if (!before) throw new NotFoundError();
      const after = await repo.updateCpiAccount(tx, id, values);
      await audit(tx, {
        action,
        target: { type: 'cpi-account', id },
        before: auditView(before),
        after: auditView(after),
      });
    }),
  );
}

/** `PUT campaigns/cpi-accounts/{id}`: campaigns already on it keep running; new ones see the new limit. */
export async function updateCpiAccount(db: Db, id: number, body: Body) {
  await refuseTakenKey(db, body.id_key, id);
  await change(db, id, 'cpi-accounts.update', valuesOf(body));
  return oneView(db, id, STAFF_MONEY_MESSAGES.cpiAccountSaved);
}

/** `PUT campaigns/cpi-accounts/{id}/deactivate`: it takes no new campaigns. */
export async function deactivateCpiAccount(db: Db, id: number) {
  await change(db, id, 'cpi-accounts.deactivate', { is_active: false });
  return oneView(db, id, STAFF_MONEY_MESSAGES.cpiAccountDeactivated);
}

/** `DELETE campaigns/cpi-accounts/{id}`: only an account no campaign ever ran on (409: deactivate it). */
export async function deleteCpiAccount(db: Db, id: number) {
  await db.transaction(async (tx) => {
    const row = await repo.lockCpiAccount(tx, id);
    if (!row) throw new NotFoundError();
    if (await repo.campaignsEverOn(tx, id)) throw new ConflictError(STAFF_MONEY_MESSAGES.cpiAccountInUse);
    await repo.deleteCpiAccount(tx, id);
    await audit(tx, {
      action: 'cpi-accounts.delete',
      target: { type: 'cpi-account', id },
      before: auditView(row),
    });
  });
  return { message: STAFF_MONEY_MESSAGES.cpiAccountDeleted, count: 1 };
}
