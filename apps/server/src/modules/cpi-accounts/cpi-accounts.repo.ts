import { and, asc, count, desc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Queryable } from '../../db/client.js';
import { campaignCpi, campaigns, cpiAccounts } from '../../db/schema/index.js';
import { escapeLike } from '../../lib/query-helpers.js';

export type CpiAccountRow = typeof cpiAccounts.$inferSelect;
export type CpiAccountValues = Pick<
  typeof cpiAccounts.$inferInsert,
  'id_key' | 'name' | 'network' | 'currency' | 'daily_limit' | 'is_active'
>;

/** The statuses whose daily budget an account carries: running, paused, or charged and waiting. */
export const RUNNING_ON_ACCOUNT = ['active', 'pause', 'pending'] as const;

/** The orders of the accounts list. */
export type CpiAccountOrder = 'created_at' | 'name' | 'id_key' | 'daily_limit';

const ORDER: Record<CpiAccountOrder, SQL> = {
  created_at: sql`${cpiAccounts.created_at}`,
  name: sql`lower(${cpiAccounts.name})`,
  id_key: sql`lower(${cpiAccounts.id_key})`,
  daily_limit: sql`${cpiAccounts.daily_limit}`,
};

/** A page of accounts (by ID key, name or network; only active ones if asked), and how many match. */
export async function pageCpiAccounts(
  db: Db,
  query: {
    search?: string | undefined;
    active?: boolean | undefined;
    orderBy: CpiAccountOrder;
    sortBy: 'asc' | 'desc';
    page: number;
    limit: number;
  },
) {
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
  return { rows, total: total?.value ?? 0 };
}

/** Per account: the daily budgets running on it and the campaigns ever assigned. */
export async function accountFigures(db: Queryable, ids: number[]) {
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

export async function findCpiAccount(db: Queryable, id: number): Promise<CpiAccountRow | undefined> {
  const [row] = await db.select().from(cpiAccounts).where(eq(cpiAccounts.id, id));
  return row;
}

/** The id of the account with this ID key (case aside). */
export async function accountIdByKey(db: Queryable, idKey: string): Promise<number | undefined> {
  const [taken] = await db
    .select({ id: cpiAccounts.id })
    .from(cpiAccounts)
    .where(eq(sql`lower(${cpiAccounts.id_key})`, idKey.toLowerCase()));
  return taken?.id;
}

export async function insertCpiAccount(tx: Queryable, values: CpiAccountValues): Promise<CpiAccountRow> {
  const [created] = await tx.insert(cpiAccounts).values(values).returning();
  return created!;
}

/** An account, locked (ordered with campaigns being assigned to it). */
export async function lockCpiAccount(tx: Queryable, id: number): Promise<CpiAccountRow | undefined> {
  const [row] = await tx.select().from(cpiAccounts).where(eq(cpiAccounts.id, id)).for('update');
  return row;
}

export async function updateCpiAccount(
  tx: Queryable,
  id: number,
  values: Partial<CpiAccountValues>,
): Promise<CpiAccountRow> {
  const [after] = await tx
    .update(cpiAccounts)
    .set({ ...values, updated_at: new Date() })
    .where(eq(cpiAccounts.id, id))
    .returning();
  return after!;
}

/** How many campaigns were ever assigned to the account. */
export async function campaignsEverOn(tx: Queryable, id: number) {
  const [used] = await tx
    .select({ value: count() })
    .from(campaignCpi)
    .where(eq(campaignCpi.cpi_account_id, id));
  return used?.value ?? 0;
}

export async function deleteCpiAccount(tx: Queryable, id: number) {
  await tx.delete(cpiAccounts).where(eq(cpiAccounts.id, id));
}

/** The daily budgets of the campaigns running on an account, but one (decimal string). */
export async function dailyUsedOf(db: Queryable, accountId: number, exceptCampaignId = 0) {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${campaignCpi.daily_budget}), 0)::numeric(14,4)::text` })
    .from(campaignCpi)
    .innerJoin(campaigns, eq(campaigns.id, campaignCpi.campaign_id))
    .where(
      and(
        eq(campaignCpi.cpi_account_id, accountId),
        inArray(campaigns.status, [...RUNNING_ON_ACCOUNT]),
        ne(campaigns.id, exceptCampaignId),
      ),
    );
  return row!.used;
}

/** A CPI campaign's daily budget (none for a campaign without CPI terms). */
export async function cpiBudgetOf(tx: Queryable, campaignId: number): Promise<string | undefined> {
  const [cpi] = await tx
    .select({ budget: campaignCpi.daily_budget })
    .from(campaignCpi)
    .where(eq(campaignCpi.campaign_id, campaignId));
  return cpi?.budget;
}

/** The active accounts, locked in id order. */
export function lockActiveAccounts(tx: Queryable): Promise<CpiAccountRow[]> {
  return tx
    .select()
    .from(cpiAccounts)
    .where(eq(cpiAccounts.is_active, true))
    .orderBy(asc(cpiAccounts.id))
    .for('update');
}

/** Whether any account is configured at all. */
export async function anyCpiAccount(tx: Queryable): Promise<boolean> {
  const [any] = await tx.select({ value: count() }).from(cpiAccounts);
  return Boolean(any?.value);
}

export async function setCampaignAccount(tx: Queryable, campaignId: number, accountId: number) {
  await tx
    .update(campaignCpi)
    .set({ cpi_account_id: accountId })
    .where(eq(campaignCpi.campaign_id, campaignId));
}
