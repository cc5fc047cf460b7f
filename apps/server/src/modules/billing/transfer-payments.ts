import { DAY_MS, MESSAGES, TRANSFER_PAYMENT_MESSAGES } from '@storelift/shared';
import type { Db, Queryable } from '../../db/client.js';
import { ConflictError, NotFoundError } from '../../lib/errors.js';
import { newTransferReference } from './transfer-reference.js';
import { toPaymentView } from './billing.views.js';
import { applyPaymentEvent } from './payment-events.js';
import { findPaymentWithNames } from './payments.repo.js';
import { readReceivingSettings, receivingDetailsOf } from './receiving-details.js';
import { expiredTransferPayments } from './transfer-payments.repo.js';

/*
 * Paying by transfer (docs/money.md): a bank transfer, Wise or Payoneer payment waits `pending` ("awaiting
 * transfer") with its reference until a statement credits it (modules/reconciliation), the customer cancels
 * it, or it expires. Money that arrives after that is still credited.
 */

/** What a new transfer payment carries: its reference and when it expires (core settings' days from now). */
export async function transferFields(db: Queryable, now = new Date()) {
  const { expiry_days: days } = await readReceivingSettings(db);
  return { reference: newTransferReference(), expires_at: new Date(now.getTime() + days * DAY_MS) };
}

/** The caller's transfer payment, or 404 (another user's, or not paid by transfer). */
async function ownTransferPayment(db: Db, userId: number, id: number) {
  const row = await findPaymentWithNames(db, id);
  if (
    !row ||
    row.payment.user_id !== userId ||
    row.payment.provider !== 'transfer' ||
    !row.payment.reference
  ) {
    throw new NotFoundError();
  }
  return row;
}

/** `GET payments/{id}/transfer`: the payment, the exact total, its reference and our account for its system. */
export async function transferPayment(db: Db, userId: number, id: number) {
  const { payment, paysystem_name } = await ownTransferPayment(db, userId, id);
  return {
    data: toPaymentView(payment, paysystem_name),
    receiving: await receivingDetailsOf(db, payment.paysystem_id),
    currency: payment.currency,
  };
}

/** `POST payments/{id}/cancel`: the owner gives up a transfer payment while it awaits the money; 409 after. */
export async function cancelTransferPayment(db: Db, userId: number, id: number) {
  await ownTransferPayment(db, userId, id);
  const outcome = await applyPaymentEvent(db, 'transfer', { payment: { id }, kind: 'canceled' });
  if (outcome !== 'canceled') throw new ConflictError(TRANSFER_PAYMENT_MESSAGES.notAwaiting);
  const { payment, paysystem_name } = await ownTransferPayment(db, userId, id);
  return { data: toPaymentView(payment, paysystem_name), message: MESSAGES.paymentCanceled };
}

const EXPIRY_BATCH = 500;

/** Cancels the transfer payments past their expiry (the hourly job); answers how many it canceled. */
export async function expireTransferPayments(db: Db, now = new Date()): Promise<number> {
  let canceled = 0;
  for (;;) {
    const ids = await expiredTransferPayments(db, now, EXPIRY_BATCH);
    for (const id of ids) {
      // Each in its own transaction on the locked row: one credited meanwhile stays credited.
      if ((await applyPaymentEvent(db, 'transfer', { payment: { id }, kind: 'canceled' })) === 'canceled') {
        canceled += 1;
      }
    }
    if (ids.length < EXPIRY_BATCH) return canceled;
  }
}
