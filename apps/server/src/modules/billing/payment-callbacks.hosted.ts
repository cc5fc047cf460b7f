import { MESSAGES, parseMoney, roundMoney, toMoney, type Money } from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { logger } from '../../lib/logger.js';
import { paymentProviders } from '../../providers/payments/create-payment-providers.js';
import {
  SignatureError,
  type NoticePaymentRef,
  type PaymentProvider,
  type ProviderName,
  type ProviderNotice,
  type RawNotification,
} from '../../providers/payments/payment-provider.js';
import { InsufficientFundsError } from '../ledger/ledger.js';
import {
  applyPaymentEventIn,
  applyToLocked,
  type EventOutcome,
  type PaymentEvent,
} from './payment-events.js';
import { lockForEvent } from './payment-events.repo.js';
import type { Tx } from '../ledger/ledger.js';
import type * as repo from './payments.repo.js';

/*
 * The hosted providers' notifications (`POST /payments/callback/{provider}`, docs/money.md, Payment providers):
 * verified by each provider's own scheme, matched to one of its payments, checked and applied once.
 */

/** What a provider's notification is answered with: its acknowledgement, and what it changed (for tests and logs). */
export interface CallbackAnswer {
  contentType: string;
  body: string;
  status: EventOutcome;
}

const DEFAULT_ACKNOWLEDGEMENT = { contentType: 'application/json', body: '{"received":true}' };

/** Unknown payments already logged (bounded): a provider retrying one is logged once, not per retry. */
const loggedUnknown = new Set<string>();
function logUnknownOnce(provider: ProviderName, ref: NoticePaymentRef, kind: string) {
  const key = `${provider}:${JSON.stringify(ref)}`;
  if (loggedUnknown.has(key)) return;
  if (loggedUnknown.size >= 10_000) loggedUnknown.clear();
  loggedUnknown.add(key);
  logger.warn(
    { provider, ref, kind },
    'payment notification for an unknown payment: answered, nothing changed',
  );
}

/**
 * Applies a verified notice of a provider to its payment, once: the amount and currency must be the payment's
 * (a crypto provider's other amount is credited as received, the difference kept), a replay or a late notice
 * never moves a settled payment back. Shared by notifications and the browser's return (PayPal's capture).
 */
export async function applyNotice(
  deps: Deps,
  provider: PaymentProvider,
  notice: ProviderNotice,
): Promise<EventOutcome> {
  if (notice.kind === 'ignored') return 'unchanged';
  return settle(deps, provider.name, notice.kind === 'refunded', notice.payment, async (tx) => {
    // The payment is found and locked in the transaction that applies the notice: one look-up, not two.
    const locked = await lockForEvent(tx, provider.name, notice.payment);
    if (!locked || locked.payment.provider !== provider.name) {
      logUnknownOnce(provider.name, notice.payment, notice.kind);
      return 'unknown';
    }
    const event = eventOfNotice(notice, { id: locked.payment.id }, locked.payment);
    if (!event) {
      logger.warn(
        { provider: provider.name, paymentId: locked.payment.id, amount: notice.amount },
        'partial refund at the provider: the ledger is left to staff',
      );
      return 'unchanged';
    }
    return applyToLocked(tx, locked, event);
  });
}

/** Applies a verified provider's event (the payment it names). */
export function applyEvent(deps: Deps, provider: ProviderName, event: PaymentEvent): Promise<EventOutcome> {
  return settle(deps, provider, event.kind === 'refunded', event.payment, (tx) =>
    applyPaymentEventIn(tx, provider, event),
  );
}

/**
 * Runs an event's transaction. A refund at the provider after the customer spent the balance cannot be
 * followed by the ledger on its own, and the provider retrying would not change that: it is logged as an error
 * for staff and the notice acknowledged.
 */
async function settle(
  deps: Deps,
  provider: ProviderName,
  refund: boolean,
  ref: NoticePaymentRef,
  apply: (tx: Tx) => Promise<EventOutcome>,
): Promise<EventOutcome> {
  try {
    return await deps.db.transaction(apply);
  } catch (error) {
    if (!(error instanceof InsufficientFundsError) || !refund) throw error;
    logger.error(
      { provider, payment: ref },
      'refunded at the provider, but the balance is spent: the ledger is left to staff',
    );
    return 'unchanged';
  }
}

/** A notice's amount in cents, or a 422 when it is not an amount. */
function centsOfNotice(amount: string): Money {
  const value = toMoney(amount);
  if (value === null || value <= 0n) throw ValidationError.field('amount', MESSAGES.dataNotValid);
  return roundMoney(value, 2);
}

/**
 * The event a notice means for its payment. Money said to arrive must be the payment's total in its currency
 * (to the cent: digits beyond are not money we hold), else 422; a crypto provider's other amount is credited
 * as received instead. A refund of part of the total at the provider is no refund of the payment here (null).
 */
function eventOfNotice(
  notice: Exclude<ProviderNotice, { kind: 'ignored' }>,
  ref: { id: number },
  payment: repo.PaymentRow,
): PaymentEvent | null {
  switch (notice.kind) {
    case 'paid':
    case 'received': {
      if (notice.currency !== null && notice.currency.toUpperCase() !== payment.currency) {
        throw ValidationError.field('currency', MESSAGES.dataNotValid);
      }
      const receivedTotal = notice.amount === null ? undefined : centsOfNotice(notice.amount);
      if (
        receivedTotal !== undefined &&
        receivedTotal !== parseMoney(payment.total) &&
        !notice.creditReceived
      ) {
        throw ValidationError.field('amount', MESSAGES.dataNotValid);
      }
      return notice.kind === 'paid'
        ? { kind: 'paid', payment: ref, details: notice.details ?? null, confirmed: true, receivedTotal }
        : { kind: 'received', payment: ref, receivedTotal };
    }
    case 'confirmation':
      return { kind: 'confirmation', payment: ref, confirmations: notice.confirmations ?? 0 };
    case 'refunded':
      if (notice.amount !== null && centsOfNotice(notice.amount) < parseMoney(payment.total)) return null;
      return { kind: 'refunded', payment: ref, details: notice.details ?? null };
    case 'canceled':
    case 'failed':
      return { kind: notice.kind, payment: ref };
  }
}

/**
 * A hosted provider's notification (`POST /payments/callback/{provider}`): verified by the provider's own
 * scheme (403 and nothing written when it does not), applied once, answered as the provider expects. An
 * unknown payment is answered too (the provider stops retrying) and logged once.
 */
export async function handleProviderCallback(
  deps: Deps,
  name: ProviderName,
  notification: RawNotification,
): Promise<CallbackAnswer> {
  const provider = paymentProviders(deps.config).byName(name);
  if (!provider?.readNotification) throw new NotFoundError();
  let notice: ProviderNotice;
  try {
    notice = await provider.readNotification(notification);
  } catch (error) {
    if (error instanceof SignatureError) throw new ForbiddenError(MESSAGES.signatureInvalid);
    throw error;
  }
  const status = await applyNotice(deps, provider, notice);
  return { ...(provider.acknowledgement?.() ?? DEFAULT_ACKNOWLEDGEMENT), status };
}
