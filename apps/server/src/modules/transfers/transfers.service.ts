import { randomUUID } from 'node:crypto';
import {
  PAYMENT_SYSTEMS,
  TRANSFER_MESSAGES,
  centsText,
  formatMoney,
  maxMoney,
  parseMoney,
  noticeText,
  type AdminTransfer,
  type Locale,
  type NoticeKey,
  type Transfer,
  type TransferLimits,
  type adminTransferListQuerySchema,
  type createTransferBodySchema,
  type transferSettingsBodySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { logger } from '../../lib/logger.js';
import { pageMeta } from '../../lib/paging.js';
import { verifyPassword } from '../../lib/passwords.js';
import { audit } from '../audit/audit.js';
import { Book, balancesOf } from '../ledger/ledger.js';
import { renderMail } from '../mail/mail.templates.js';
import { notify } from '../notices/notify.js';
import { checkSecondFactor } from '../profile/two-factor.service.js';
import { isStaffAccount, refuseSelfOrStaff } from '../users/staff-accounts.js';
import type { UserRow } from '../users/users.repo.js';
import { findPaysystem } from '../billing/payments.repo.js';
import * as repo from './transfers.repo.js';

/** "John Smith" → "J*** S***": enough for the sender to recognize the receiver, not to learn a name. */
export function maskName(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return '***';
  return words.map((word) => `${Array.from(word)[0]!.toUpperCase()}***`).join(' ');
}

/** "jo***@example.com" */
function maskEmail(email: string): string {
  const at = email.indexOf('@');
  return at < 0 ? '***' : `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

const nameOf = (party: { full_name: string; nickname: string }) =>
  maskName(party.full_name || party.nickname);

/** The start of today (UTC): the daily limit counts what was sent since. */
function startOfDay(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function unavailable(): ValidationError {
  return ValidationError.field('email', TRANSFER_MESSAGES.receiverUnavailable);
}

/**
 * The receiver of a transfer to `email`: unknown, deleted, deactivated, unverified and staff accounts all
 * answer the same 422, so the look-up tells no more than whether a transfer can be sent.
 */
async function receiverFor(db: Db, sender: UserRow, email: string) {
  if (email === sender.email.toLowerCase())
    throw ValidationError.field('email', TRANSFER_MESSAGES.selfTransfer);
  const receiver = await repo.findReceiver(db, email);
  if (!receiver || (await isStaffAccount(db, receiver.id))) throw unavailable();
  return receiver;
}

/** `POST transfers/receiver`: the receiver's masked name, shown before the sender confirms. */
export async function lookUpReceiver(db: Db, sender: UserRow, email: string) {
  await requireTransfersOn(db);
  const receiver = await receiverFor(db, sender, email);
  return { data: { name: nameOf(receiver) } };
}

async function limitsOf(db: Queryable, userId: number): Promise<TransferLimits> {
  const limits = await repo.readTransferLimits(db);
  const sent = await repo.sentSince(db, userId, startOfDay());
  return {
    max_amount: formatMoney(limits.max_amount),
    daily_limit: formatMoney(limits.daily_limit),
    left_today: formatMoney(maxMoney(0n, limits.daily_limit - sent)),
  };
}

function toView(row: repo.TransferWithParties, userId: number): Transfer {
  const sent = row.transfer.sender_id === userId;
  const other = sent ? row.receiver : row.sender;
  return {
    id: row.transfer.id,
    paysystem_id: PAYMENT_SYSTEMS.transfer,
    direction: sent ? 'sent' : 'received',
    amount: row.transfer.amount,
    status: row.transfer.status,
    description: row.transfer.description,
    // The sender typed the receiver's e-mail; the receiver sees the sender's masked.
    counterparty: { name: nameOf(other), email: sent ? other.email : maskEmail(other.email) },
    created_at: row.transfer.created_at.toISOString(),
    reversed_at: row.transfer.reversed_at?.toISOString() ?? null,
  };
}

/** Whether staff have transfers between accounts switched on (payment system 34's active flag). */
async function transfersOn(db: Queryable): Promise<boolean> {
  return (await findPaysystem(db, PAYMENT_SYSTEMS.transfer))?.is_active ?? false;
}

/** 409 while staff have transfers switched off: nothing is looked up or sent. */
async function requireTransfersOn(db: Queryable) {
  if (!(await transfersOn(db))) throw new ConflictError(TRANSFER_MESSAGES.switchedOff);
}

/** `GET transfers`: the customer's sent and received transfers, newest first, their limits, and whether on. */
export async function listTransfers(db: Db, userId: number, query: { page: number; limit: number }) {
  const [{ rows, total }, limits, enabled] = await Promise.all([
    repo.pageTransfers(db, repo.ofUser(userId), query.page, query.limit),
    limitsOf(db, userId),
    transfersOn(db),
  ]);
  return {
    data: rows.map((row) => toView(row, userId)),
    meta: pageMeta(total, query.page, query.limit),
    limits,
    enabled,
  };
}

/**
 * `POST transfers`: the sender's password (and second factor) first, then the receiver and the limits; one
 * ledger entry takes the amount off the sender's main balance and puts it on the receiver's (type `transfer`:
 * regular money, no payment bonus, no referral commission, not a payment). Both users' accounts are locked in
 * one order before the daily sum and the balance are read, so concurrent transfers never overdraw or pass the
 * daily limit together. Both get a notice, mailed whatever their e-mail choices.
 */
export async function createTransfer(
  deps: Deps,
  sender: UserRow,
  body: z.output<typeof createTransferBodySchema>,
) {
  const { db } = deps;
  await requireTransfersOn(db);
  if (!(await verifyPassword(sender.password_hash, body.password))) {
    throw ValidationError.field('password', TRANSFER_MESSAGES.passwordWrong);
  }
  await checkSecondFactor(db, sender.id, body.code);
  const receiver = await receiverFor(db, sender, body.email);
  const limits = await repo.readTransferLimits(db);
  if (body.amount > limits.max_amount) {
    throw ValidationError.field('amount', {
      code: 'transfers.aboveMax',
      params: { max: centsText(limits.max_amount) },
    });
  }
  const senderName = nameOf(sender);
  const receiverName = nameOf(receiver);
  let events: TransferEvent[] = [];
  const row = await db.transaction(async (tx) => {
    const book = await Book.open(tx, [sender.id, receiver.id]);
    const sent = await repo.sentSince(tx, sender.id, startOfDay());
    if (sent + body.amount > limits.daily_limit) {
      throw ValidationError.field('amount', {
        code: 'transfers.dailyLimit',
        params: { left: centsText(maxMoney(0n, limits.daily_limit - sent)) },
      });
    }
    const entryId = randomUUID();
    const transfer = await repo.insertTransfer(tx, {
      sender_id: sender.id,
      receiver_id: receiver.id,
      amount: formatMoney(body.amount),
      description: body.description ?? null,
      entry_id: entryId,
    });
    const posting = {
      type: 'transfer' as const,
      entryId,
      reference: { type: 'transfer' as const, id: transfer.id },
    };
    await book.post(sender.id, 'main', -body.amount, {
      ...posting,
      text: { key: 'transferSent', params: { id: transfer.id, name: receiverName } },
    });
    await book.post(receiver.id, 'main', body.amount, {
      ...posting,
      text: { key: 'transferReceived', params: { id: transfer.id, name: senderName } },
    });
    const params = { id: transfer.id, amount: centsText(body.amount) };
    events = [
      { user: sender, key: 'transferSent', params: { ...params, name: receiverName } },
      { user: receiver, key: 'transferReceived', params: { ...params, name: senderName } },
    ];
    for (const { user, key, params: values } of events) {
      await notify(tx, { userId: user.id, type: 'payment', key, params: values, mailedApart: true });
    }
    return transfer;
  });
  await mailEvents(deps, events);
  const [created, balances] = await Promise.all([
    repo.transferWithParties(db, row.id),
    balancesOf(db, sender.id),
  ]);
  return { data: toView(created!, sender.id), balances, message: TRANSFER_MESSAGES.sent };
}

/** What one side of a transfer is told: in the bell (a notice) and by mail, whatever their e-mail choices. */
interface TransferEvent {
  user: { id: number; email: string; nickname: string; locale: string };
  key: NoticeKey;
  params: Record<string, string | number>;
}

/**
 * Mails each side (template `transfer`, in their language, the notice's text) once the transaction has
 * committed: money that left or reached a balance is always mailed. A mail that cannot be queued is logged
 * and never undoes the transfer.
 */
async function mailEvents(deps: Deps, events: TransferEvent[]) {
  for (const { user, key, params } of events) {
    try {
      const locale = user.locale as Locale;
      const text = noticeText(
        locale,
        key,
        Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      );
      const mail = await renderMail(deps.db, 'transfer', locale, {
        name: user.nickname,
        email: user.email,
        link: `${deps.config.publicUrl}/transfers`,
        text,
      });
      await deps.jobs.send('mail.send', { to: user.email, ...mail });
    } catch (error) {
      logger.error({ err: error, userId: user.id }, '[transfers] mail failed');
    }
  }
}

// ---------------------------------------------------------------- staff

function toAdminView(row: repo.TransferWithParties): AdminTransfer {
  const party = ({ id, email, nickname }: { id: number; email: string; nickname: string }) => ({
    id,
    email,
    nickname,
  });
  return {
    id: row.transfer.id,
    paysystem_id: PAYMENT_SYSTEMS.transfer,
    amount: row.transfer.amount,
    status: row.transfer.status,
    description: row.transfer.description,
    sender: party(row.sender),
    receiver: party(row.receiver),
    created_at: row.transfer.created_at.toISOString(),
    reversed_at: row.transfer.reversed_at?.toISOString() ?? null,
    reversed_by: row.reverser?.id ? party(row.reverser) : null,
    reverse_reason: row.transfer.reverse_reason,
  };
}

/** Staff `GET transfers`: every transfer or one user's, newest first. */
export async function listAdminTransfers(db: Db, query: z.output<typeof adminTransferListQuerySchema>) {
  const { rows, total } = await repo.pageTransfers(db, repo.staffFilter(query), query.page, query.limit);
  return { data: rows.map(toAdminView), meta: pageMeta(total, query.page, query.limit) };
}

/**
 * Staff `POST transfers/{id}/reverse`: the amount goes back from the receiver's main balance to the sender's,
 * as one entry naming the original, while the receiver's main balance still covers it (else 422); once
 * (409 after). Audited; both get a notice. Nobody reverses a transfer of their own or of a staff account.
 */
export async function reverseTransfer(deps: Deps, staffId: number, id: number, reason: string | null) {
  const { db } = deps;
  let events: TransferEvent[] = [];
  await db.transaction(async (tx) => {
    const transfer = await repo.lockTransfer(tx, id);
    if (!transfer) throw new NotFoundError();
    await refuseSelfOrStaff(tx, staffId, transfer.sender_id);
    await refuseSelfOrStaff(tx, staffId, transfer.receiver_id);
    if (transfer.status === 'reversed') throw new ConflictError(TRANSFER_MESSAGES.alreadyReversed);
    const amount = parseMoney(transfer.amount);
    const book = await Book.open(tx, [transfer.sender_id, transfer.receiver_id]);
    if (book.balance(transfer.receiver_id, 'main') < amount) {
      throw ValidationError.field('amount', TRANSFER_MESSAGES.receiverBalanceLow);
    }
    const entryId = randomUUID();
    const posting = {
      type: 'transfer' as const,
      entryId,
      relatedEntryId: transfer.entry_id,
      reference: { type: 'transfer' as const, id },
      text: { key: 'transferReversed' as const, params: { id } },
      createdBy: staffId,
    };
    await book.post(transfer.receiver_id, 'main', -amount, posting);
    await book.post(transfer.sender_id, 'main', amount, posting);
    await repo.markReversed(tx, id, { reversedBy: staffId, reason, entryId });
    await audit(tx, {
      action: 'transfers.reverse',
      target: { type: 'transfer', id, userId: transfer.sender_id },
      before: { status: 'completed', amount: transfer.amount, receiver_id: transfer.receiver_id },
      after: { status: 'reversed', reason },
    });
    const [sender, receiver] = await Promise.all([
      repo.partyOf(tx, transfer.sender_id),
      repo.partyOf(tx, transfer.receiver_id),
    ]);
    const params = { id, amount: centsText(amount) };
    events = [
      { user: sender!, key: 'transferReversedSender', params },
      { user: receiver!, key: 'transferReversedReceiver', params },
    ];
    for (const { user, key, params: values } of events) {
      await notify(tx, { userId: user.id, type: 'payment', key, params: values, mailedApart: true });
    }
  });
  await mailEvents(deps, events);
  const row = await repo.transferWithParties(db, id);
  return { data: toAdminView(row!), message: TRANSFER_MESSAGES.reversed };
}

/** `GET transfer-settings` (core settings): the limits per transfer and per day. */
export async function transferSettings(db: Db) {
  const limits = await repo.readTransferLimits(db);
  return {
    data: { max_amount: formatMoney(limits.max_amount), daily_limit: formatMoney(limits.daily_limit) },
  };
}

/** `PUT transfer-settings` (admin): new limits, audited (a save that changes nothing writes nothing). */
export async function changeTransferSettings(db: Db, body: z.output<typeof transferSettingsBodySchema>) {
  await db.transaction(async (tx) => {
    const before = await repo.readTransferLimits(tx);
    if (before.max_amount === body.max_amount && before.daily_limit === body.daily_limit) return;
    await repo.saveTransferLimits(tx, body);
    await audit(tx, {
      action: 'settings.transfers',
      target: { type: 'settings', id: 'transfers' },
      before: { max_amount: formatMoney(before.max_amount), daily_limit: formatMoney(before.daily_limit) },
      after: { max_amount: formatMoney(body.max_amount), daily_limit: formatMoney(body.daily_limit) },
    });
  });
  return { ...(await transferSettings(db)), message: TRANSFER_MESSAGES.settingsSaved };
}
