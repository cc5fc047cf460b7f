import { randomUUID } from 'node:crypto';
import {
  centsText,
  DAY_MS,
  MESSAGES,
  MONEY_SCALE,
  PAYMENT_BONUS_DAYS,
  REFERRAL_PERCENT,
  formatMoney,
  minMoney,
  parseMoney,
  percentOf,
  roundMoney,
  type Money,
} from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { ConflictError, ValidationError } from '../../lib/errors.js';
import { upgradePlanIfDue } from '../plans/plans.service.js';
import { Book, creditAccount, type BonusMode, type EntryPosting, type Tx } from '../ledger/ledger.js';
import { eventInsert } from '../webhooks/webhooks.events.js';
import * as repo from './payments.repo.js';
import * as eventsRepo from './payment-events.repo.js';
import { audit } from '../audit/audit.js';
import { billingProfileOf } from '../plans/profiles.repo.js';
import { noticeInsert } from '../notices/notify.js';

/** What a provider's verified callback says about a payment. */
export type PaymentEvent = { payment: repo.PaymentRef } & (
  | {
      kind: 'paid';
      details?: string | null;
      /** The provider's own confirmations are done (a hosted crypto processor's final state). */
      confirmed?: boolean;
      /** A crypto provider reported another total arriving than the payment's (credited as received). */
      receivedTotal?: Money | undefined;
    }
  | { kind: 'received'; receivedTotal?: Money | undefined }
  | { kind: 'confirmation'; confirmations: number }
  | { kind: 'canceled' }
  | { kind: 'failed' }
  /** The provider refunded it (its dashboard, or the webhook of our own refund). */
  | { kind: 'refunded'; details?: string | null }
);

export type EventOutcome = 'credited' | 'received' | 'canceled' | 'refunded' | 'unchanged' | 'unknown';

/**
 * The bonus of the reflink the payer signed up with, claimed once, by their first credited payment: the claim
 * is one conditional update of the profile, so two payments credited at once cannot both take it.
 */
async function claimReflinkBonus(tx: Tx, userId: number, now: Date): Promise<Money> {
  const bonus = await eventsRepo.claimReflinkBonus(tx, userId, now);
  return bonus ? roundMoney(parseMoney(bonus), 2) : 0n;
}

/** The payer's facts for crediting, from their billing profile (made if they have none yet). */
async function payerFactsOf(tx: Tx, userId: number): Promise<eventsRepo.PayerFacts> {
  const profile = await billingProfileOf(tx, userId);
  return {
    referrerId: profile.referrer_id,
    reflinkOpen: profile.reflink_id !== null && profile.reflink_bonus_at === null,
  };
}

/**
 * Credits a locked payment: the amount to the main balance (a staff bonus payment to the bonus balance),
 * its payment bonus to the bonus balance for 120 days, the referrer's 10 % in whole cents, the running
 * total and the plan that total reaches. The unique index on (type, payment) makes a second crediting
 * impossible.
 */
export async function creditLocked(
  tx: Tx,
  payment: repo.PaymentRow,
  now = new Date(),
  payer?: eventsRepo.PayerFacts,
) {
  const entryId = randomUUID();
  const reference = { type: 'payment' as const, id: payment.id };
  const amount = parseMoney(payment.amount);
  const bonusExpiry = {
    kind: 'grant' as const,
    expiresAt: new Date(now.getTime() + PAYMENT_BONUS_DAYS * DAY_MS),
  };
  let totals: { amount: string; commission: string } | undefined;
  if (payment.type === 'regular') {
    const { referrerId, reflinkOpen } = payer ?? (await payerFactsOf(tx, payment.user_id));
    // With a referrer, both users' accounts are locked first, in account id order, as a refund or a payout
    // locks them: a credit racing them never waits crosswise (no deadlock). Without one, each row locks the
    // one account it credits, main before bonus: the order a refund locks them in, one statement each.
    const book = referrerId ? await Book.open(tx, [payment.user_id, referrerId]) : null;
    const credit = (account: 'main' | 'bonus', value: Money, posting: EntryPosting, grant?: BonusMode) =>
      book
        ? book.post(payment.user_id, account, value, posting, grant)
        : creditAccount(tx, payment.user_id, account, value, posting, grant);
    await credit('main', amount, {
      type: 'top_up',
      reference,
      entryId,
      text: { key: 'topUp', params: { id: payment.id } },
      // A payment staff entered names them on its ledger row.
      createdBy: payment.created_by,
    });
    const reflinkBonus = reflinkOpen ? await claimReflinkBonus(tx, payment.user_id, now) : 0n;
    const bonus = parseMoney(payment.bonus) + reflinkBonus;
    // The payment's bonus includes the reflink's, so its refund withdraws both (one payment bonus row).
    if (reflinkBonus > 0n) payment = { ...payment, bonus: formatMoney(bonus) };
    if (bonus > 0n) {
      await credit(
        'bonus',
        bonus,
        {
          type: 'payment_bonus',
          reference,
          entryId,
          text: { key: 'paymentBonus', params: { id: payment.id } },
        },
        bonusExpiry,
      );
    }
    // Whole cents: what leaves the referral balance is paid out in cents, so nothing is ever stuck.
    const commission = referrerId ? roundMoney(percentOf(amount, parseMoney(REFERRAL_PERCENT)), 2) : 0n;
    totals = { amount: payment.amount, commission: formatMoney(commission) };
    if (book && referrerId && commission > 0n) {
      await book.post(referrerId, 'referral', commission, {
        type: 'referral_commission',
        reference,
        entryId,
        text: { key: 'referralCommission' },
      });
    }
  } else {
    await creditAccount(
      tx,
      payment.user_id,
      'bonus',
      amount,
      {
        type: 'payment_bonus',
        reference,
        entryId,
        description: payment.description,
        text: payment.description ? null : { key: 'manualBonus', params: { id: payment.id } },
        createdBy: payment.created_by,
      },
      bonusExpiry,
    );
  }
  const credited = await eventsRepo.markCredited(
    tx,
    payment,
    {
      creditedAt: now,
      receivedAt: payment.received_at ?? now,
      confirmations: Math.max(payment.confirmations, payment.required_confirmations),
    },
    {
      totals,
      writes: [
        noticeInsert({
          userId: payment.user_id,
          type: 'payment',
          key: 'paymentCredited',
          params: { amount: centsText(amount) },
          // A top-up's own mail always goes (payment-mail.ts): the notice is not mailed again.
          mailedApart: payment.type === 'regular',
        }),
        eventInsert(payment.user_id, 'payment.credited', {
          payment_id: payment.id,
          type: payment.type,
          amount: payment.amount,
          bonus: payment.bonus,
          credited_at: now.toISOString(),
        }),
      ],
    },
  );
  if (credited.payerTotal !== null && credited.payerPlanId !== null) {
    await upgradePlanIfDue(tx, payment.user_id, credited.payerTotal, credited.payerPlanId);
  }
  return credited.payment;
}

/**
 * A crypto payment's figures once another total than its own arrived: fee and VAT scaled down in proportion
 * (rounded down to cents), the amount what is left of the total received, the bonus in proportion but never
 * above the one promised; the requested total kept, so the difference shows.
 */
export function toReceived(payment: repo.PaymentRow, received: Money) {
  const total = parseMoney(payment.total);
  const cents = MONEY_SCALE / 100n;
  const scaled = (value: Money) => ((value * received) / total / cents) * cents;
  const fee = scaled(parseMoney(payment.fee));
  const vat = scaled(parseMoney(payment.vat));
  const amount = received - fee - vat;
  const bonus = parseMoney(payment.bonus);
  const scaledBonus = ((bonus * amount) / parseMoney(payment.amount) / cents) * cents;
  return {
    amount: formatMoney(amount),
    fee: formatMoney(fee),
    vat: formatMoney(vat),
    total: formatMoney(received),
    bonus: formatMoney(minMoney(bonus, scaledBonus)),
    requested_total: payment.requested_total ?? payment.total,
  };
}

/**
 * Applies a provider's verified callback, once: the payment row is locked, so the same callback any
 * number of times, or concurrently, changes it once. A paid payment is credited even if the customer
 * canceled the checkout meanwhile (the money arrived); a credited one never goes back.
 */
export async function applyPaymentEvent(
  db: Db,
  provider: repo.PaymentRow['provider'],
  event: PaymentEvent,
  expectedTotal?: string,
): Promise<EventOutcome> {
  return db.transaction((tx) => applyPaymentEventIn(tx, provider, event, expectedTotal));
}

/** applyPaymentEvent in the caller's transaction (a statement line is written with the credit it made). */
export async function applyPaymentEventIn(
  tx: Tx,
  provider: repo.PaymentRow['provider'],
  event: PaymentEvent,
  expectedTotal?: string,
): Promise<EventOutcome> {
  const locked = await eventsRepo.lockForEvent(tx, provider, event.payment);
  if (!locked || locked.payment.provider !== provider) return 'unknown';
  return applyToLocked(tx, locked, event, expectedTotal);
}

/** Applies an event to its payment, locked with its payer's facts (eventsRepo.lockForEvent). */
export async function applyToLocked(
  tx: Tx,
  { payment, payer }: { payment: repo.PaymentRow; payer: eventsRepo.PayerFacts | undefined },
  event: PaymentEvent,
  expectedTotal?: string,
): Promise<EventOutcome> {
  if (expectedTotal !== undefined && parseMoney(expectedTotal) !== parseMoney(payment.total)) {
    throw ValidationError.field('amount', MESSAGES.dataNotValid);
  }
  const settled = payment.status === 'credited' || payment.status === 'refunded';
  const now = new Date();
  switch (event.kind) {
    case 'paid':
    case 'received': {
      if (settled) return 'unchanged';
      if (event.kind === 'paid' && event.details) payment.details = event.details;
      if (event.receivedTotal !== undefined && event.receivedTotal !== parseMoney(payment.total)) {
        Object.assign(
          payment,
          await repo.updatePayment(tx, payment.id, toReceived(payment, event.receivedTotal)),
        );
      }
      if (event.kind === 'paid' && (event.confirmed || payment.required_confirmations === 0)) {
        await creditLocked(tx, payment, now, payer);
        return 'credited';
      }
      if (payment.status === 'received') return 'unchanged';
      await repo.updatePayment(tx, payment.id, {
        status: 'received',
        received_at: now,
        canceled_at: null,
        details: payment.details,
      });
      return 'received';
    }
    case 'confirmation': {
      if (settled || payment.status === 'pending' || payment.status === 'canceled') return 'unchanged';
      const confirmations = Math.max(payment.confirmations, event.confirmations);
      if (confirmations >= payment.required_confirmations) {
        await creditLocked(tx, { ...payment, confirmations }, now, payer);
        return 'credited';
      }
      if (confirmations === payment.confirmations) return 'unchanged';
      await repo.updatePayment(tx, payment.id, { confirmations });
      return 'received';
    }
    case 'canceled':
    case 'failed': {
      // A checkout ended unpaid cancels a pending payment; the provider saying that money on its way
      // will not arrive (failed) cancels a received one too. Nothing was credited for either.
      const open = event.kind === 'failed' ? ['pending', 'received'] : ['pending'];
      if (!open.includes(payment.status)) return 'unchanged';
      await repo.updatePayment(tx, payment.id, { status: 'canceled', canceled_at: now });
      return 'canceled';
    }
    case 'refunded': {
      // Refunded at the provider: the ledger follows once; already refunded (our own refund) stays as is.
      if (payment.status !== 'credited' || payment.type !== 'regular') return 'unchanged';
      await refundLocked(tx, payment, {
        staffId: null,
        description: null,
        refundId: event.details ?? null,
      });
      return 'refunded';
    }
  }
}

/** Who refunds a payment and why: staff (their id, their note) or the provider (no staff); the provider's refund id. */
export interface RefundBy {
  staffId: number | null;
  description: string | null;
  refundId: string | null;
}

/**
 * Refunds a locked, credited payment to the payer: the amount leaves the main balance, what is left of its
 * payment bonus is withdrawn (refunds exclude bonuses) and so is the referrer's commission, as far as the
 * referral balance still holds it. The running total goes down; the plan stays.
 */
async function refundLocked(tx: Tx, payment: repo.PaymentRow, by: RefundBy) {
  const profile = await billingProfileOf(tx, payment.user_id);
  const commission = await eventsRepo.commissionOf(tx, payment.id);
  const book = await Book.open(tx, commission ? [payment.user_id, commission.user_id] : [payment.user_id]);
  const entryId = randomUUID();
  const posting = {
    type: 'refund' as const,
    reference: { type: 'payment' as const, id: payment.id },
    entryId,
    description: by.description,
    text: by.description ? null : { key: 'topUpRefund' as const, params: { id: payment.id } },
    createdBy: by.staffId,
  };
  await book.post(payment.user_id, 'main', -parseMoney(payment.amount), posting);
  const grant = await eventsRepo.bonusGrantOf(tx, payment.id);
  const unspentBonus = grant ? parseMoney(grant.remaining) : 0n;
  if (grant && unspentBonus > 0n) {
    await book.post(payment.user_id, 'bonus', -unspentBonus, posting, {
      kind: 'expire',
      grantId: grant.id,
    });
  }
  if (commission) {
    const back = minMoney(parseMoney(commission.amount), book.balance(commission.user_id, 'referral'));
    if (back > 0n) await book.post(commission.user_id, 'referral', -back, posting);
    await eventsRepo.subtractReferralEarned(tx, payment.user_id, formatMoney(back));
  }
  await eventsRepo.subtractFromTotal(tx, profile.user_id, payment.amount);
  const refunded = await repo.updatePayment(tx, payment.id, {
    status: 'refunded',
    refunded_at: new Date(),
    ...(by.refundId && { refund_ref: by.refundId }),
  });
  await audit(tx, {
    action: 'payments.refund',
    target: { type: 'payment', id: payment.id, userId: payment.user_id },
    before: { status: payment.status, amount: payment.amount },
    after: {
      status: refunded!.status,
      amount: payment.amount,
      description: posting.description,
      ...(by.refundId && { refund_id: by.refundId }),
    },
  });
  return refunded;
}

/**
 * Refunds a credited payment to the payer (staff), in the ledger: to the balance, or after the provider's
 * refund to the original method (its refund id kept). 409 unless it is a credited regular payment.
 */
export async function refundPayment(db: Db, paymentId: number, by: RefundBy) {
  return db.transaction(async (tx) => {
    const payment = await repo.lockPayment(tx, { id: paymentId });
    if (!payment) return undefined;
    if (payment.status !== 'credited' || payment.type !== 'regular') {
      throw new ConflictError(MESSAGES.paymentNotRefundable);
    }
    return refundLocked(tx, payment, by);
  });
}
