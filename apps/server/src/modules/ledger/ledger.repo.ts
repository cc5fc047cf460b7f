import { and, asc, desc, eq, gt, sql } from 'drizzle-orm';
import { formatMoney, type AccountType, type Money } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { columnList, rowOf, rowsOf } from '../../db/sql-rows.js';
import {
  accounts,
  billingProfiles,
  bonusGrants,
  bonusGrantUses,
  transactions,
} from '../../db/schema/index.js';

/*
 * The ledger's statements (ledger.ts says when each runs). Every one takes the open transaction: the
 * row locks, the order of the statements and the money arithmetic in SQL are the ledger's rules.
 */

/** An open database transaction. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type TransactionRow = typeof transactions.$inferSelect;
export type GrantUseRow = typeof bonusGrantUses.$inferInsert;

/**
 * Locks the users' accounts for the rest of the transaction (`SELECT … FOR UPDATE`, in id order so two
 * postings never wait on each other crosswise).
 */
export async function lockAccounts(tx: Tx, userIds: number[]) {
  // A template, not a query builder: every charge runs it (db/sql-rows.ts).
  return rowsOf<{ id: number; user_id: number; type: AccountType; balance: string }>(
    tx,
    sql`select id, user_id, type, balance from ${accounts}
        where user_id in (${sql.join(
          userIds.map((id) => sql`${id}::int`),
          sql`, `,
        )})
        order by id for update`,
    { prepared: true },
  );
}

/** A ledger row's columns besides the account, the amount and the balance after it. */
export interface LedgerRowValues {
  type: string;
  entryId: string;
  relatedEntryId: string | null;
  referenceType: string | null;
  referenceId: string | null;
  description: string | null;
  descriptionKey: string | null;
  /** JSON text of the description's parameters. */
  descriptionParams: string | null;
  appstore: number | null;
  package: string | null;
  createdBy: number | null;
  impersonatorId: number | null;
  /** Spending to add to the user's total in the same statement (a charge's last row). */
  spent?: Money;
}

/**
 * One statement: moves the account's cached balance and appends the ledger row with the balance after
 * it (the UPDATE holds the account's row lock until the transaction ends), and adds a charge's spending
 * to the user's total. Nothing when the account does not exist.
 */
export async function insertLedgerRow(
  tx: Tx,
  target: { accountId: number } | { account: AccountType },
  userId: number,
  account: AccountType,
  amount: Money,
  row: LedgerRowValues,
): Promise<TransactionRow | undefined> {
  const which =
    'accountId' in target
      ? sql`${accounts.id} = ${target.accountId}`
      : sql`${accounts.user_id} = ${userId} and ${accounts.type} = ${target.account}`;
  const [raw] = await rowsOf(
    tx,
    sql`
    with moved as (
      update ${accounts} set balance = ${accounts.balance} + ${formatMoney(amount)}::numeric, updated_at = now()
      where ${which}
      returning id, balance
    )${
      row.spent === undefined
        ? sql``
        : sql`, spent as (
      update ${billingProfiles} set total_spent = ${billingProfiles.total_spent} + ${formatMoney(row.spent)}::numeric
      where ${billingProfiles.user_id} = ${userId}
    )`
    }
    insert into ${transactions} (user_id, account_id, account, type, amount, balance_after, entry_id,
      related_entry_id, reference_type, reference_id, description, description_key, description_params, appstore,
      package, created_by, impersonator_id)
    select ${userId}::int, moved.id, ${account}::text, ${row.type}::text, ${formatMoney(amount)}::numeric,
      moved.balance, ${row.entryId}::uuid, ${row.relatedEntryId}::uuid,
      ${row.referenceType}::text,
      ${row.referenceId}::text, ${row.description}::text,
      ${row.descriptionKey}::text, ${row.descriptionParams}::jsonb,
      ${row.appstore}::smallint, ${row.package}::text, ${row.createdBy}::int,
      ${row.impersonatorId}::int
    from moved
    returning ${columnList(transactions)}`,
    { prepared: true },
  );
  return raw && rowOf(transactions, raw);
}

/** A bonus grant of `amount` made by the ledger row `transactionId`. */
export async function insertBonusGrant(
  tx: Tx,
  userId: number,
  transactionId: number,
  amount: Money,
  expiresAt: Date | null,
) {
  await tx.insert(bonusGrants).values({
    user_id: userId,
    transaction_id: transactionId,
    amount: formatMoney(amount),
    remaining: formatMoney(amount),
    expires_at: expiresAt,
  });
}

/** Marks a grant expired; `amount` (negative: the expiry row) comes off what is left of it. */
export async function markGrantExpired(tx: Tx, grantId: number, amount: Money) {
  await tx
    .update(bonusGrants)
    .set({ remaining: sql`${bonusGrants.remaining} + ${formatMoney(amount)}`, expired_at: new Date() })
    .where(eq(bonusGrants.id, grantId));
}

/** The user's grants with money left, the soonest-expiring first and those without an end date last. */
export async function openGrantsSoonestFirst(tx: Tx, userId: number) {
  return tx
    .select({ id: bonusGrants.id, remaining: bonusGrants.remaining })
    .from(bonusGrants)
    .where(and(eq(bonusGrants.user_id, userId), gt(bonusGrants.remaining, '0')))
    .orderBy(sql`${bonusGrants.expires_at} asc nulls last`, asc(bonusGrants.id));
}

/** Takes `amount` off what is left of a grant. */
export async function takeFromGrant(tx: Tx, grantId: number, amount: Money) {
  await tx
    .update(bonusGrants)
    .set({ remaining: sql`${bonusGrants.remaining} - ${formatMoney(amount)}` })
    .where(eq(bonusGrants.id, grantId));
}

/** Puts `amount` back on what is left of a grant. */
export async function giveBackToGrant(tx: Tx, grantId: number, amount: Money) {
  await tx
    .update(bonusGrants)
    .set({ remaining: sql`${bonusGrants.remaining} + ${formatMoney(amount)}` })
    .where(eq(bonusGrants.id, grantId));
}

export async function insertGrantUses(tx: Tx, uses: GrantUseRow[]) {
  await tx.insert(bonusGrantUses).values(uses);
}

/** What a charge drew on each grant, the latest-expiring grant first. */
export async function grantUsesOfCharge(tx: Tx, chargeEntryId: string) {
  return tx
    .select({
      id: bonusGrantUses.id,
      grant_id: bonusGrantUses.grant_id,
      amount: bonusGrantUses.amount,
      restored: bonusGrantUses.restored,
      expired_at: bonusGrants.expired_at,
    })
    .from(bonusGrantUses)
    .innerJoin(bonusGrants, eq(bonusGrants.id, bonusGrantUses.grant_id))
    .where(eq(bonusGrantUses.entry_id, chargeEntryId))
    .orderBy(sql`${bonusGrants.expires_at} desc nulls first`, desc(bonusGrantUses.id));
}

/** Counts `amount` of a grant use as refunded. */
export async function markGrantUseRestored(tx: Tx, useId: number, amount: Money) {
  await tx
    .update(bonusGrantUses)
    .set({ restored: sql`${bonusGrantUses.restored} + ${formatMoney(amount)}` })
    .where(eq(bonusGrantUses.id, useId));
}

/** Adds `amount` (negative on a refund) to the user's total spending. */
export async function addSpent(tx: Tx, userId: number, amount: Money) {
  await tx
    .update(billingProfiles)
    .set({ total_spent: sql`${billingProfiles.total_spent} + ${formatMoney(amount)}` })
    .where(eq(billingProfiles.user_id, userId));
}

/** Per account: what a charge took and what was refunded of it so far (decimal strings). */
export async function chargeTotals(tx: Tx, userId: number, chargeEntryId: string) {
  return tx
    .select({
      account: transactions.account,
      charged: sql<string>`coalesce(-sum(${transactions.amount}) filter (where ${transactions.entry_id} = ${chargeEntryId}), 0)`,
      refunded: sql<string>`coalesce(sum(${transactions.amount}) filter (where ${transactions.related_entry_id} = ${chargeEntryId} and ${transactions.type} = 'refund'), 0)`,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.user_id, userId),
        sql`(${transactions.entry_id} = ${chargeEntryId} or ${transactions.related_entry_id} = ${chargeEntryId})`,
      ),
    )
    .groupBy(transactions.account);
}

/** The user's grants with money left whose end date has come by `now`, oldest first. */
export async function grantsDue(tx: Tx, userId: number, now: Date) {
  return tx
    .select({ id: bonusGrants.id, remaining: bonusGrants.remaining })
    .from(bonusGrants)
    .where(
      and(
        eq(bonusGrants.user_id, userId),
        gt(bonusGrants.remaining, '0'),
        sql`${bonusGrants.expires_at} <= ${now.toISOString()}`,
      ),
    )
    .orderBy(asc(bonusGrants.id));
}

/** The cached balance of each of the user's accounts. */
export async function accountBalances(db: Db | Tx, userId: number) {
  return db
    .select({ type: accounts.type, balance: accounts.balance })
    .from(accounts)
    .where(eq(accounts.user_id, userId));
}

/** A problem `ledger:check` reports (ledger-check.ts). */
export interface LedgerProblem {
  account_id: number;
  user_id: number;
  type: string;
  balance: string;
  sum_of_rows: string;
  /** Bonus accounts: what is left of the bonus grants. */
  grants: string | null;
}

/**
 * Accounts whose cached balance disagrees with the sum of their rows (bonus: with what is left of the
 * grants), or is negative.
 */
export async function accountsOutOfStep(db: Db): Promise<LedgerProblem[]> {
  return rowsOf<LedgerProblem>(
    db,
    sql`
    select a.id as account_id, a.user_id, a.type, a.balance::text as balance,
      coalesce(t.total, 0)::numeric(14,4)::text as sum_of_rows,
      case when a.type = 'bonus' then coalesce(g.remaining, 0)::numeric(14,4)::text end as grants
    from accounts a
    left join (select account_id, sum(amount) as total from transactions group by account_id) t
      on t.account_id = a.id
    left join (select user_id, sum(remaining) as remaining from bonus_grants group by user_id) g
      on g.user_id = a.user_id and a.type = 'bonus'
    where a.balance <> coalesce(t.total, 0) or a.balance < 0
      or (a.type = 'bonus' and a.balance <> coalesce(g.remaining, 0))
    order by a.id`,
  );
}

/** How many accounts and ledger rows there are. */
export async function ledgerCounts(db: Db) {
  const [counts] = await rowsOf<{ accounts: number; transactions: number }>(
    db,
    sql`select (select count(*) from accounts)::int as accounts,
      (select count(*) from transactions)::int as transactions`,
  );
  return counts!;
}
