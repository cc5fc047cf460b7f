import {
  centsText,
  MESSAGES,
  REFERRAL_PAYOUT_MIN,
  REFERRAL_PERCENT,
  USER_MESSAGES,
  formatMoney,
  parseMoney,
  type Money,
  type Payout,
  type PayoutMethod,
  type referralListQuerySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { Db, Queryable } from '../../db/client.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { InsufficientFundsError, balancesOf, credit, debit, transfer } from '../ledger/ledger.js';
import { audit } from '../audit/audit.js';
import { billingProfileOf } from '../plans/profiles.repo.js';
import * as repo from './referrals.repo.js';
import { notify } from '../notices/notify.js';

/** The sign-up link that carries a referral code. */
export const referralLink = (publicUrl: string, code: string) =>
  `${publicUrl}/signup?ref=${encodeURIComponent(code)}`;

/** "jo***@example.com": enough to recognize a referral, not enough to mail them. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 0) return '***';
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

export function toPayoutView(row: repo.PayoutRow): Payout {
  return {
    id: row.id,
    amount: row.amount,
    method: row.method,
    details: row.details,
    status: row.status,
    message: row.status === 'canceled' ? MESSAGES.payoutCanceled : null,
    created_at: row.created_at.toISOString(),
    processed_at: row.processed_at?.toISOString() ?? null,
  };
}

/** `GET users/referrals`: the referred users (page of 5, most spending first) and the program summary. */
export async function listReferrals(
  deps: Deps,
  userId: number,
  query: z.output<typeof referralListQuerySchema>,
) {
  const profile = await billingProfileOf(deps.db, userId);
  const [{ rows, total, earned }, balances, pending] = await Promise.all([
    repo.pageReferrals(deps.db, userId, query),
    balancesOf(deps.db, userId),
    repo.pendingPayouts(deps.db, userId),
  ]);
  return {
    data: rows.map((row) => ({
      ...row,
      email: maskEmail(row.email),
      created_at: row.created_at.toISOString(),
    })),
    meta: pageMeta(total, query.page, query.limit),
    summary: {
      code: profile.referral_code,
      link: referralLink(deps.config.publicUrl, profile.referral_code),
      percent: formatMoney(parseMoney(REFERRAL_PERCENT)),
      referrals: total,
      earned,
      balance: balances.referral,
      pending_payouts: pending,
      payout_min: formatMoney(parseMoney(REFERRAL_PAYOUT_MIN)),
    },
  };
}

/** `GET users/referral/payouts` (the list is named `payments`). */
export async function listPayouts(db: Db, userId: number, page: number, limit: number) {
  const { rows, total } = await repo.pagePayouts(db, { userId }, page, limit);
  return { payments: rows.map((row) => toPayoutView(row.payout)), meta: pageMeta(total, page, limit) };
}

/**
 * `POST users/referral/payout`: to the main balance at once (a transfer), or a request staff pay out to
 * `details` (at least 50): the amount leaves the referral balance now and comes back if staff cancel.
 */
export async function requestPayout(
  db: Db,
  userId: number,
  body: { amount: Money; method: PayoutMethod; details?: string | undefined },
) {
  if (body.method !== 'balance' && body.amount < parseMoney(REFERRAL_PAYOUT_MIN)) {
    throw ValidationError.field('amount', MESSAGES.payoutMin);
  }
  await billingProfileOf(db, userId);
  try {
    const payout = await db.transaction(async (tx) => {
      const toBalance = body.method === 'balance';
      const row = await repo.insertPayout(tx, {
        user_id: userId,
        amount: formatMoney(body.amount),
        method: body.method,
        details: body.details ?? null,
        status: toBalance ? 'completed' : 'pending',
        processed_at: toBalance ? new Date() : null,
      });
      const posting = { reference: { type: 'referral_payout' as const, id: row.id } };
      if (toBalance) {
        await transfer(tx, userId, 'referral', 'main', body.amount, {
          ...posting,
          text: { key: 'referralToMain' },
        });
      } else {
        await debit(tx, userId, 'referral', body.amount, {
          ...posting,
          type: 'referral_payout',
          text: { key: 'referralPayout', params: { id: row.id } },
        });
      }
      return row;
    });
    return { data: toPayoutView(payout), message: MESSAGES.payoutRequested };
  } catch (error) {
    if (error instanceof InsufficientFundsError)
      throw ValidationError.field('amount', MESSAGES.referralBalanceLow);
    throw error;
  }
}

/** Staff: the payout requests, newest first, by status, method, user or the requester's e-mail or nickname. */
export async function listAllPayouts(
  db: Db,
  query: {
    page: number;
    limit: number;
    status?: repo.PayoutRow['status'] | undefined;
    method?: PayoutMethod | undefined;
    user_id?: number | undefined;
    search?: string | undefined;
  },
) {
  const { rows, total } = await repo.pagePayouts(
    db,
    {
      ...(query.user_id && { userId: query.user_id }),
      ...(query.status && { status: query.status }),
      ...(query.method && { method: query.method }),
      ...(query.search && { search: query.search }),
    },
    query.page,
    query.limit,
  );
  return {
    data: rows.map((row) => ({ ...toPayoutView(row.payout), user: row.user })),
    meta: pageMeta(total, query.page, query.limit),
  };
}

async function adminPayoutView(db: Db, id: number, message: string) {
  const row = (await repo.findPayoutWithUser(db, id))!;
  return { data: { ...toPayoutView(row.payout), user: row.user }, message };
}

/** The audit row of a payout decision. */
function auditPayout(
  tx: Queryable,
  action: 'payouts.cancel' | 'payouts.complete',
  payout: { id: number; user_id: number; status: string; amount: string },
  note: string | undefined,
) {
  return audit(tx, {
    action,
    target: { type: 'referral_payout', id: payout.id, userId: payout.user_id },
    before: { status: payout.status, amount: payout.amount },
    after: {
      status: action === 'payouts.cancel' ? 'canceled' : 'completed',
      amount: payout.amount,
      note: note ?? null,
    },
  });
}

/** Staff: cancels a pending request; the amount goes back to the referral balance. */
export async function cancelPayout(db: Db, id: number, staffId: number, note: string | undefined) {
  await db.transaction(async (tx) => {
    const payout = await repo.lockPayout(tx, id);
    if (!payout) throw new NotFoundError();
    if (payout.user_id === staffId) throw new ForbiddenError(USER_MESSAGES.ownAccountMoney);
    if (payout.status !== 'pending') throw new ConflictError(MESSAGES.payoutProcessed);
    await credit(tx, payout.user_id, 'referral', parseMoney(payout.amount), {
      type: 'referral_payout',
      reference: { type: 'referral_payout', id: payout.id },
      text: { key: 'payoutCanceled', params: { id: payout.id } },
      createdBy: staffId,
    });
    await repo.updatePayout(tx, id, {
      status: 'canceled',
      note: note ?? null,
      processed_by: staffId,
      processed_at: new Date(),
    });
    await auditPayout(tx, 'payouts.cancel', payout, note);
  });
  return adminPayoutView(db, id, MESSAGES.payoutCanceled);
}

/** Staff: marks a pending request paid out. */
export async function completePayout(db: Db, id: number, staffId: number, note: string | undefined) {
  await db.transaction(async (tx) => {
    const payout = await repo.lockPayout(tx, id);
    if (!payout) throw new NotFoundError();
    if (payout.user_id === staffId) throw new ForbiddenError(USER_MESSAGES.ownAccountMoney);
    if (payout.status !== 'pending') throw new ConflictError(MESSAGES.payoutProcessed);
    await repo.updatePayout(tx, id, {
      status: 'completed',
      note: note ?? null,
      processed_by: staffId,
      processed_at: new Date(),
    });
    await auditPayout(tx, 'payouts.complete', payout, note);
    await notify(tx, {
      userId: payout.user_id,
      type: 'payout',
      key: 'payoutCompleted',
      params: { amount: centsText(parseMoney(payout.amount)) },
    });
  });
  return adminPayoutView(db, id, MESSAGES.payoutCompleted);
}
