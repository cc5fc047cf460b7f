import { randomUUID } from 'node:crypto';
import {
  MESSAGES,
  formatMoney,
  ledgerText,
  minMoney,
  parseMoney,
  type AccountType,
  type LedgerText,
  type Money,
  type ReferenceType,
  type TransactionType,
} from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { ValidationError } from '../../lib/errors.js';
import { currentActor } from '../audit/request-context.js';
import { ensureBillingProfile } from '../plans/profiles.repo.js';
import {
  accountBalances,
  addSpent,
  chargeTotals,
  giveBackToGrant,
  grantsDue,
  grantUsesOfCharge,
  insertBonusGrant,
  insertGrantUses,
  insertLedgerRow,
  lockAccounts,
  markGrantExpired,
  markGrantUseRestored,
  openGrantsSoonestFirst,
  takeFromGrant,
  type GrantUseRow,
  type TransactionRow,
  type Tx,
} from './ledger.repo.js';

export type { TransactionRow, Tx } from './ledger.repo.js';

/*
 * The ledger (docs/architecture.md, Data): every change of a balance is an append-only `transactions` row, and
 * the cached `accounts.balance` moves with it in the same database transaction, under a row lock on the
 * user's accounts. Balances never go negative; spending takes the bonus balance first; refunds go back to
 * the account the money came from. Every function here must run inside `db.transaction`.
 */

/** What a ledger row is about. */
export interface Posting {
  type: TransactionType;
  reference?: { type: ReferenceType; id: string | number } | null;
  /** The description as a key and parameters (shown in the reader's language; stored in English too). */
  text?: LedgerText | null;
  /** A description staff typed, stored as typed (when there is no `text`). */
  description?: string | null;
  appstore?: number | null;
  package?: string | null;
  /** The staff member behind an admin adjustment. */
  createdBy?: number | null;
}

/** How a bonus-account row treats the bonus grants (which bonus money expires when). */
export type BonusMode =
  | { kind: 'grant'; expiresAt: Date | null }
  | { kind: 'consume' }
  | { kind: 'restore'; chargeEntryId: string }
  | { kind: 'expire'; grantId: number }
  | { kind: 'none' };

/** A charge or a refund: its entry id and how it split over the bonus and main balances. */
export interface Split {
  entryId: string;
  bonus: Money;
  main: Money;
  transactions: TransactionRow[];
}

/** Answered when the balance cannot cover a debit (422 on `balance`). */
export class InsufficientFundsError extends ValidationError {
  constructor() {
    super({ balance: [MESSAGES.insufficientBalance] }, MESSAGES.insufficientBalance);
  }
}

interface LockedAccount {
  id: number;
  balance: Money;
}

/**
 * The accounts of some users, locked for the rest of the transaction (`SELECT … FOR UPDATE`, in id
 * order so two postings never wait on each other crosswise). Postings go through `post`.
 */
export class Book {
  private constructor(
    private readonly tx: Tx,
    private readonly locked: Map<number, Record<AccountType, LockedAccount>>,
  ) {}

  /** Locks the users' accounts, creating the billing profile and accounts of a user who has none yet. */
  static async open(tx: Tx, userIds: number[]): Promise<Book> {
    const ids = [...new Set(userIds)];
    let rows = await lockAccounts(tx, ids);
    const missing = ids.filter((id) => rows.filter((row) => row.user_id === id).length < 3);
    if (missing.length) {
      for (const id of missing) await ensureBillingProfile(tx, id);
      rows = await lockAccounts(tx, ids);
    }
    const locked = new Map<number, Record<AccountType, LockedAccount>>();
    for (const row of rows) {
      const byType = locked.get(row.user_id) ?? ({} as Record<AccountType, LockedAccount>);
      byType[row.type] = { id: row.id, balance: parseMoney(row.balance) };
      locked.set(row.user_id, byType);
    }
    for (const id of ids) if (!locked.get(id)?.main) throw new Error(`No accounts for user ${id}`);
    return new Book(tx, locked);
  }

  /** The balance of one of the locked accounts. */
  balance(userId: number, account: AccountType): Money {
    return this.account(userId, account).balance;
  }

  private account(userId: number, account: AccountType): LockedAccount {
    const found = this.locked.get(userId)?.[account];
    if (!found) throw new Error(`Account ${account} of user ${userId} is not locked`);
    return found;
  }

  /**
   * Writes one ledger row and moves the cached balance with it. A debit the balance cannot cover throws
   * {@link InsufficientFundsError}. Bonus-account rows also keep the bonus grants in step (`bonus`).
   */
  async post(
    userId: number,
    account: AccountType,
    amount: Money,
    posting: EntryPosting,
    bonus?: BonusMode,
  ): Promise<TransactionRow> {
    if (amount === 0n) throw new Error('A ledger row moves money');
    const locked = this.account(userId, account);
    if (locked.balance + amount < 0n) throw new InsufficientFundsError();
    const row = await writeRow(this.tx, { accountId: locked.id }, userId, account, amount, posting);
    locked.balance = parseMoney(row!.balance_after);
    if (account === 'bonus') this.expiredOnRestore += await keepGrants(this.tx, userId, row!, amount, bonus);
    return row!;
  }

  /** Restored bonus money whose grant had already expired (written off right after the refund). */
  expiredOnRestore = 0n;
}

export type EntryPosting = Posting & {
  entryId: string;
  relatedEntryId?: string | null;
  /** Spending to add to the user's total in the same statement (a charge's last row). */
  spent?: Money;
};

/** Writes a ledger row through {@link insertLedgerRow}, its description and the acting staff member filled in. */
async function writeRow(
  tx: Tx,
  target: { accountId: number } | { account: AccountType },
  userId: number,
  account: AccountType,
  amount: Money,
  posting: EntryPosting,
): Promise<TransactionRow | undefined> {
  const { impersonatorId } = currentActor();
  const { text } = posting;
  return insertLedgerRow(tx, target, userId, account, amount, {
    type: posting.type,
    entryId: posting.entryId,
    relatedEntryId: posting.relatedEntryId ?? null,
    referenceType: posting.reference?.type ?? null,
    referenceId: posting.reference ? String(posting.reference.id) : null,
    description: text ? ledgerText(text) : (posting.description ?? null),
    descriptionKey: text?.key ?? null,
    descriptionParams: text ? JSON.stringify(text.params ?? {}) : null,
    appstore: posting.appstore ?? null,
    package: posting.package ?? null,
    createdBy: posting.createdBy ?? null,
    impersonatorId,
    spent: posting.spent,
  });
}

/**
 * Keeps the bonus grants in step with a bonus-account row; answers the restored money whose grant had
 * expired meanwhile (the caller writes it off).
 */
async function keepGrants(
  tx: Tx,
  userId: number,
  row: TransactionRow,
  amount: Money,
  bonus: BonusMode | undefined,
): Promise<Money> {
  const mode: BonusMode = bonus ?? (amount > 0n ? { kind: 'grant', expiresAt: null } : { kind: 'consume' });
  switch (mode.kind) {
    case 'none':
      return 0n;
    case 'grant':
      await insertBonusGrant(tx, userId, row.id, amount, mode.expiresAt);
      return 0n;
    case 'expire':
      await markGrantExpired(tx, mode.grantId, amount);
      return 0n;
    case 'consume': {
      // The soonest-expiring bonus money goes first; bonus money without an end date last.
      let left = -amount;
      const open = await openGrantsSoonestFirst(tx, userId);
      const uses: GrantUseRow[] = [];
      for (const grant of open) {
        if (left === 0n) break;
        const take = minMoney(left, parseMoney(grant.remaining));
        await takeFromGrant(tx, grant.id, take);
        uses.push({ grant_id: grant.id, entry_id: row.entry_id, amount: formatMoney(take) });
        left -= take;
      }
      if (left !== 0n) throw new Error(`Bonus grants of user ${userId} do not cover the bonus balance`);
      if (uses.length) await insertGrantUses(tx, uses);
      return 0n;
    }
    case 'restore': {
      // Back into the grants the charge drew on, the latest-expiring first; money whose grant has
      // expired meanwhile expires again at once (the caller writes that row).
      let left = amount;
      let expired = 0n;
      const drawn = await grantUsesOfCharge(tx, mode.chargeEntryId);
      for (const use of drawn) {
        if (left === 0n) break;
        const take = minMoney(left, parseMoney(use.amount) - parseMoney(use.restored));
        if (take <= 0n) continue;
        await markGrantUseRestored(tx, use.id, take);
        if (use.expired_at) expired += take;
        else await giveBackToGrant(tx, use.grant_id, take);
        left -= take;
      }
      if (left > 0n) {
        await insertBonusGrant(tx, userId, row.id, left, null);
      }
      return expired;
    }
  }
}

/**
 * Puts money on an account without locking the user's other accounts first: a credit needs no balance
 * check, and its UPDATE locks the one account it moves. Creates the accounts on first use.
 */
export async function creditAccount(
  tx: Tx,
  userId: number,
  account: AccountType,
  amount: Money,
  posting: EntryPosting,
  bonus?: BonusMode,
): Promise<TransactionRow> {
  if (amount <= 0n) throw new Error('A credit is positive');
  let row = await writeRow(tx, { account }, userId, account, amount, posting);
  if (!row) {
    await ensureBillingProfile(tx, userId);
    row = await writeRow(tx, { account }, userId, account, amount, posting);
    if (!row) throw new Error(`No ${account} account for user ${userId}`);
  }
  if (account === 'bonus') await keepGrants(tx, userId, row, amount, bonus);
  return row;
}

const newEntry = () => randomUUID();

/** Puts money on an account; bonus money may carry an expiry. */
export async function credit(
  tx: Tx,
  userId: number,
  account: AccountType,
  amount: Money,
  posting: Posting,
  options: { expiresAt?: Date | null } = {},
): Promise<TransactionRow> {
  return creditAccount(
    tx,
    userId,
    account,
    amount,
    { ...posting, entryId: newEntry() },
    {
      kind: 'grant',
      expiresAt: options.expiresAt ?? null,
    },
  );
}

/** Takes money off one account (not a spending: see {@link charge}); refuses what the balance cannot cover. */
export async function debit(
  tx: Tx,
  userId: number,
  account: AccountType,
  amount: Money,
  posting: Posting,
): Promise<TransactionRow> {
  if (amount <= 0n) throw new Error('A debit is positive');
  const book = await Book.open(tx, [userId]);
  return book.post(userId, account, -amount, { ...posting, entryId: newEntry() });
}

/**
 * Spends `amount` (campaign start, CPI daily charge, token packs): the bonus balance first, the main
 * balance for the rest, as one entry. Refuses with {@link InsufficientFundsError} when both cannot cover it.
 */
export async function charge(tx: Tx, userId: number, amount: Money, posting: Posting): Promise<Split> {
  if (amount <= 0n) throw new Error('A charge is positive');
  const book = await Book.open(tx, [userId]);
  const bonus = minMoney(book.balance(userId, 'bonus'), amount);
  const main = amount - bonus;
  if (main > book.balance(userId, 'main')) throw new InsufficientFundsError();
  const entryId = newEntry();
  const rows: TransactionRow[] = [];
  // The last row also adds the spending (one statement fewer on every order).
  if (bonus > 0n) {
    const spent = main > 0n ? undefined : amount;
    rows.push(await book.post(userId, 'bonus', -bonus, { ...posting, entryId, spent }));
  }
  if (main > 0n) rows.push(await book.post(userId, 'main', -main, { ...posting, entryId, spent: amount }));
  return { entryId, bonus, main, transactions: rows };
}

/** What a charge took from each account and what was refunded of it so far. */
async function chargeState(tx: Tx, userId: number, chargeEntryId: string) {
  const rows = await chargeTotals(tx, userId, chargeEntryId);
  const of = (account: AccountType) => {
    const row = rows.find((r) => r.account === account);
    return { charged: parseMoney(row?.charged ?? '0'), refunded: parseMoney(row?.refunded ?? '0') };
  };
  return { bonus: of('bonus'), main: of('main') };
}

/**
 * Gives back `amount` of an earlier charge to the accounts it came from, in the charge's proportion
 * (what rounding leaves goes to main), never more than was charged from each. Bonus money goes back
 * into the grants it came from; what had expired meanwhile expires again at once.
 */
export async function refund(
  tx: Tx,
  userId: number,
  chargeEntryId: string,
  amount: Money,
  posting: Omit<Posting, 'type'>,
): Promise<Split> {
  if (amount <= 0n) throw new Error('A refund is positive');
  const book = await Book.open(tx, [userId]);
  const state = await chargeState(tx, userId, chargeEntryId);
  const leftMain = state.main.charged - state.main.refunded;
  const leftBonus = state.bonus.charged - state.bonus.refunded;
  if (amount > leftMain + leftBonus) throw new Error('A refund cannot exceed what is left of the charge');
  const charged = state.main.charged + state.bonus.charged;
  let main = minMoney(leftMain, (amount * state.main.charged + charged / 2n) / charged);
  let bonus = amount - main;
  if (bonus > leftBonus) {
    bonus = leftBonus;
    main = amount - bonus;
  }
  const entryId = newEntry();
  const base = { ...posting, type: 'refund' as const, entryId, relatedEntryId: chargeEntryId };
  const rows: TransactionRow[] = [];
  if (main > 0n) rows.push(await book.post(userId, 'main', main, base));
  if (bonus > 0n) {
    rows.push(await book.post(userId, 'bonus', bonus, base, { kind: 'restore', chargeEntryId }));
    if (book.expiredOnRestore > 0n) {
      rows.push(
        await book.post(
          userId,
          'bonus',
          -book.expiredOnRestore,
          {
            type: 'bonus_expiry',
            entryId,
            relatedEntryId: chargeEntryId,
            text: { key: 'refundedBonusExpired' },
          },
          { kind: 'none' },
        ),
      );
    }
  }
  await addSpent(tx, userId, -amount);
  return { entryId, bonus, main, transactions: rows };
}

/** Moves money between two accounts of a user as one entry (e.g. referral earnings to the main balance). */
export async function transfer(
  tx: Tx,
  userId: number,
  from: AccountType,
  to: AccountType,
  amount: Money,
  posting: Omit<Posting, 'type'>,
): Promise<TransactionRow[]> {
  if (amount <= 0n || from === to) throw new Error('A transfer moves a positive amount between two accounts');
  const book = await Book.open(tx, [userId]);
  const entryId = newEntry();
  const out = await book.post(userId, from, -amount, { ...posting, type: 'transfer', entryId });
  const into = await book.post(userId, to, amount, { ...posting, type: 'transfer', entryId });
  return [out, into];
}

/** Writes off what is left of the user's bonus grants that expired by `now` (bonus expiry rows). */
export async function expireBonuses(tx: Tx, userId: number, now = new Date()): Promise<Money> {
  const book = await Book.open(tx, [userId]);
  const due = await grantsDue(tx, userId, now);
  let total = 0n;
  for (const grant of due) {
    const amount = parseMoney(grant.remaining);
    await book.post(
      userId,
      'bonus',
      -amount,
      { type: 'bonus_expiry', entryId: newEntry(), reference: { type: 'bonus_grant', id: grant.id } },
      { kind: 'expire', grantId: grant.id },
    );
    total += amount;
  }
  return total;
}

/** The user's balances now (zero for a user without accounts yet). */
export async function balancesOf(db: Db | Tx, userId: number): Promise<Record<AccountType, string>> {
  const rows = await accountBalances(db, userId);
  const result: Record<AccountType, string> = { main: '0.0000', bonus: '0.0000', referral: '0.0000' };
  for (const row of rows) result[row.type] = row.balance;
  return result;
}
