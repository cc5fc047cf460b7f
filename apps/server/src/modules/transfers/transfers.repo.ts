import {
  aliasedTable,
  and,
  count,
  desc,
  eq,
  gte,
  inArray,
  isNull,
  isNotNull,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  TRANSFER_DEFAULTS,
  formatMoney,
  parseMoney,
  type Money,
  type TransferStatus,
} from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { settings, transfers, users } from '../../db/schema/index.js';

export type TransferRow = typeof transfers.$inferSelect;
type Party = { id: number; email: string; nickname: string; full_name: string; locale: string };

/** A transfer with both sides (and the staff member who reversed it). */
export interface TransferWithParties {
  transfer: TransferRow;
  sender: Party;
  receiver: Party;
  reverser: { id: number; email: string; nickname: string } | null;
}

/**
 * The account a transfer to `email` would reach: an active, verified account (the service also turns staff
 * accounts away). Deleted, deactivated and unverified accounts are not found, as an unknown e-mail.
 */
export async function findReceiver(db: Queryable, email: string): Promise<Party | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      nickname: users.nickname,
      full_name: users.full_name,
      locale: users.locale,
    })
    .from(users)
    .where(
      and(
        eq(users.email, email),
        eq(users.is_active, true),
        isNull(users.deleted_at),
        isNotNull(users.email_verified_at),
      ),
    );
  return row;
}

/** The name and e-mail of a user (the sender, for the receiver's notice). */
export async function partyOf(db: Queryable, userId: number): Promise<Party | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      nickname: users.nickname,
      full_name: users.full_name,
      locale: users.locale,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function insertTransfer(
  db: Queryable,
  values: typeof transfers.$inferInsert,
): Promise<TransferRow> {
  const [row] = await db.insert(transfers).values(values).returning();
  return row!;
}

/** What the user sent since `since`, reversed transfers included (the daily limit counts what was sent). */
export async function sentSince(db: Queryable, userId: number, since: Date): Promise<Money> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${transfers.amount}), 0)` })
    .from(transfers)
    .where(and(eq(transfers.sender_id, userId), gte(transfers.created_at, since)));
  return parseMoney(String(row?.total ?? '0'));
}

/** A transfer locked for the rest of the transaction (a reversal). */
export async function lockTransfer(db: Queryable, id: number): Promise<TransferRow | undefined> {
  const [row] = await db.select().from(transfers).where(eq(transfers.id, id)).for('update');
  return row;
}

export async function markReversed(
  db: Queryable,
  id: number,
  values: { reversedBy: number; reason: string | null; entryId: string },
): Promise<void> {
  await db
    .update(transfers)
    .set({
      status: 'reversed',
      reversed_at: new Date(),
      reversed_by: values.reversedBy,
      reverse_reason: values.reason,
      reverse_entry_id: values.entryId,
    })
    .where(eq(transfers.id, id));
}

const senders = aliasedTable(users, 'senders');
const receivers = aliasedTable(users, 'receivers');
const reversers = aliasedTable(users, 'reversers');
const partyColumns = (table: typeof users) => ({
  id: table.id,
  email: table.email,
  nickname: table.nickname,
  full_name: table.full_name,
  locale: table.locale,
});

/** A page of transfers matching `where`, newest first, with both sides. */
export async function pageTransfers(
  db: Queryable,
  where: SQL | undefined,
  page: number,
  limit: number,
): Promise<{ rows: TransferWithParties[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        transfer: transfers,
        sender: partyColumns(senders),
        receiver: partyColumns(receivers),
        reverser: { id: reversers.id, email: reversers.email, nickname: reversers.nickname },
      })
      .from(transfers)
      .innerJoin(senders, eq(senders.id, transfers.sender_id))
      .innerJoin(receivers, eq(receivers.id, transfers.receiver_id))
      .leftJoin(reversers, eq(reversers.id, transfers.reversed_by))
      .where(where)
      .orderBy(desc(transfers.created_at), desc(transfers.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(transfers).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** Transfers the user sent or received. */
export const ofUser = (userId: number) =>
  or(eq(transfers.sender_id, userId), eq(transfers.receiver_id, userId));

/** Staff's filters: one user's transfers, one status. */
export const staffFilter = (query: { user_id?: number | undefined; status?: TransferStatus | undefined }) =>
  and(
    query.user_id === undefined ? undefined : ofUser(query.user_id),
    query.status === undefined ? undefined : eq(transfers.status, query.status),
  );

/** One transfer with both sides. */
export async function transferWithParties(
  db: Queryable,
  id: number,
): Promise<TransferWithParties | undefined> {
  const { rows } = await pageTransfers(db, eq(transfers.id, id), 1, 1);
  return rows[0];
}

// ---------------------------------------------------------------- limits (core settings)

const KEYS = { max_amount: 'transfer_max_amount', daily_limit: 'transfer_daily_limit' } as const;

/** The limits per transfer and per day (UTC), the defaults until an admin sets them. */
export async function readTransferLimits(db: Queryable): Promise<{ max_amount: Money; daily_limit: Money }> {
  const rows = await db
    .select({ key: settings.key, value: settings.value })
    .from(settings)
    .where(inArray(settings.key, Object.values(KEYS)));
  const read = (name: keyof typeof KEYS) => {
    // Drizzle reads a JSON text that looks like a number ("500.0000") as the number.
    const value = rows.find((row) => row.key === KEYS[name])?.value;
    return parseMoney(
      typeof value === 'string' || typeof value === 'number' ? String(value) : TRANSFER_DEFAULTS[name],
    );
  };
  return { max_amount: read('max_amount'), daily_limit: read('daily_limit') };
}

export async function saveTransferLimits(db: Queryable, limits: { max_amount: Money; daily_limit: Money }) {
  for (const name of ['max_amount', 'daily_limit'] as const) {
    const value = formatMoney(limits[name]);
    await db
      .insert(settings)
      .values({ key: KEYS[name], value })
      .onConflictDoUpdate({ target: settings.key, set: { value, updated_at: new Date() } });
  }
}
