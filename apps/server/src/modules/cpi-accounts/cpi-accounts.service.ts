import { asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  STAFF_MONEY_MESSAGES,
  formatMoney,
  type CpiAccount,
  type cpiAccountBodySchema,
  type cpiAccountListQuerySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { campaignCpi, campaigns, cpiAccounts } from '../../db/schema/index.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { isUniqueViolation } from '../../lib/unique-violation.js';
import { audit } from '../audit/audit.js';
import { RUNNING_ON_ACCOUNT } from './cpi-accounts.assign.js';

type Body = z.output<typeof cpiAccountBodySchema>;
type Query = z.output<typeof cpiAccountListQuerySchema>;
type Row = typeof cpiAccounts.$inferSelect;

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (char) => `\\${char}`);

/** staff-admin §5: a duplicate ID key answers the spec's message, with MySQL's code 1062 the client looks for. */
const duplicateIdKey = () =>
  Object.assign(ValidationError.field('id_key', STAFF_MONEY_MESSAGES.cpiAccountDuplicate), {
    extra: { code: '1062' },
  });

const ORDER: Record<Query['orderBy'], SQL> = {
  created_at: sql`${cpiAccounts.created_at}`,
  name: sql`lower(${cpiAccounts.name})`,
  id_key: sql`lower(${cpiAccounts.id_key})`,
  daily_limit: sql`${cpiAccounts.daily_limit}`,
};

/** Per account: the daily budgets running on it and the campaigns ever assigned. */
async function figuresOf(db: Queryable, ids: number[]) {
  if (!ids.length) return new Map<number, { used: string; campaigns: number }>();
  const rows = await db
    .select({
      id: campaignCpi.cpi_account_id,
      used: sql<string>`coalesce(sum(${campaignCpi.daily_budget}) filter (where ${inArray(campaigns.status, [...RUNNING_ON_ACCOUNT])}), 0)::numeric(14,4)::text`,
      campaigns: count(),
    })
    .from(campaignCpi)
    .innerJoin(campaigns, eq(campaigns.id, campaignCpi.campaign_id))
    .where(inArray(campaignCpi.cpi_account_id, ids))
    .groupBy(campaignCpi.cpi_account_id);
  return new Map(rows.map((row) => [row.id!, { used: row.used, campaigns: row.campaigns }]));
}

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
  const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
  const where = or(
    ...(pattern
      ? [
          ilike(cpiAccounts.id_key, pattern),
          ilike(cpiAccounts.name, pattern),
          ilike(cpiAccounts.network, pattern),
        ]
      : []),
  );
  const filter = query.active ? sql`${cpiAccounts.is_active} and ${where ?? sql`true`}` : where;
  const direction = query.sortBy === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(cpiAccounts)
      .where(filter)
      .orderBy(direction(ORDER[query.orderBy]), direction(cpiAccounts.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ value: count() }).from(cpiAccounts).where(filter),
  ]);
  const figures = await figuresOf(
    db,
    rows.map((row) => row.id),
  );
  return {
    data: rows.map((row) => view(row, figures.get(row.id))),
    meta: pageMeta(total?.value ?? 0, query.page, query.limit),
  };
}

async function oneView(db: Queryable, id: number, message: string) {
  const [row] = await db.select().from(cpiAccounts).where(eq(cpiAccounts.id, id));
  if (!row) throw new NotFoundError();
  return { data: view(row, (await figuresOf(db, [id])).get(id)), message };
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
  const [taken] = await db
    .select({ id: cpiAccounts.id })
    .from(cpiAccounts)
    .where(eq(sql`lower(${cpiAccounts.id_key})`, idKey.toLowerCase()));
  if (taken && taken.id !== exceptId) throw duplicateIdKey();
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

const valuesOf = (body: Body) => ({
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
      const [created] = await tx.insert(cpiAccounts).values(valuesOf(body)).returning();
      await audit(tx, {
        action: 'cpi-accounts.create',
        target: { type: 'cpi-account', id: created!.id },
        after: auditView(created!),
      });
      return created!;
    }),
  );
  return oneView(db, row.id, STAFF_MONEY_MESSAGES.cpiAccountSaved);
}

/** Changes a locked account and audits it; the lock orders it with campaigns being assigned to it. */
async function change(
  db: Db,
  id: number,
  action: 'cpi-accounts.update' | 'cpi-accounts.deactivate',
  values: Partial<Row>,
) {
  await saving(() =>
    db.transaction(async (tx) => {
      const [before] = await tx.select().from(cpiAccounts).where(eq(cpiAccounts.id, id)).for('update');
      if (!before) throw new NotFoundError();
      const [after] = await tx
        .update(cpiAccounts)
        .set({ ...values, updated_at: new Date() })
        .where(eq(cpiAccounts.id, id))
        .returning();
      await audit(tx, {
        action,
        target: { type: 'cpi-account', id },
        before: auditView(before),
        after: auditView(after!),
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
    const [row] = await tx.select().from(cpiAccounts).where(eq(cpiAccounts.id, id)).for('update');
    if (!row) throw new NotFoundError();
    const [used] = await tx
      .select({ value: count() })
      .from(campaignCpi)
      .where(eq(campaignCpi.cpi_account_id, id));
    if (used?.value) throw new ConflictError(STAFF_MONEY_MESSAGES.cpiAccountInUse);
    await tx.delete(cpiAccounts).where(eq(cpiAccounts.id, id));
    await audit(tx, {
      action: 'cpi-accounts.delete',
      target: { type: 'cpi-account', id },
      before: auditView(row),
    });
  });
  return { message: STAFF_MONEY_MESSAGES.cpiAccountDeleted, count: 1 };
}
