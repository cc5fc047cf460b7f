import { z } from 'zod';
import { MESSAGES, PAYMENT_SYSTEMS, parseMoney, roundMoney, toMoney, type Money } from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { mailPaymentCredited } from './payment-mail.js';
import { ForbiddenError, HttpError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { signingSecret } from '../core-settings/signing-secret.js';
import { paymentProviders } from '../../providers/payments/create-payment-providers.js';
import {
  SignatureError,
  providerFailure,
  type NoticePaymentRef,
  type PaymentProvider,
  type ProviderName,
  type ProviderNotice,
  type RawNotification,
} from '../../providers/payments/payment-provider.js';
import { logger } from '../../lib/logger.js';
import { verifySandboxSignature } from '../../providers/payments/sandbox/sandbox-provider.js';
import { centsOf } from '../../providers/payments/stripe/stripe-provider.js';
import { applyPaymentEvent, type EventOutcome, type PaymentEvent } from './payment-events.js';
import * as repo from './payments.repo.js';

const sandboxEventSchema = z.object({
  id: z.string().max(100),
  type: z.enum(['payment.paid', 'payment.confirmation', 'payment.canceled']),
  payment: z.string().max(100),
  amount: z.string().max(30),
  confirmations: z.number().int().min(0).max(1000),
  created: z.number().int(),
});

/**
 * A sandbox callback: refused (403) unless its signature is right and recent, then applied once
 * however often it arrives.
 */
export async function handleSandboxCallback(
  deps: Deps,
  rawBody: string,
  signature: string | undefined,
): Promise<{ received: true; status: EventOutcome }> {
  // With the payment sandbox off (production) nothing may be credited through it.
  if (!paymentProviders(deps.config).sandbox) throw new NotFoundError();
  if (!verifySandboxSignature(await signingSecret(deps.db), rawBody, signature)) {
    throw new ForbiddenError(MESSAGES.signatureInvalid);
  }
  let parsed: z.infer<typeof sandboxEventSchema>;
  try {
    parsed = sandboxEventSchema.parse(JSON.parse(rawBody));
  } catch {
    throw ValidationError.field('body', MESSAGES.dataNotValid);
  }
  const payment = { uuid: parsed.payment };
  const event: PaymentEvent =
    parsed.type === 'payment.paid'
      ? { kind: 'paid', payment }
      : parsed.type === 'payment.confirmation'
        ? { kind: 'confirmation', payment, confirmations: parsed.confirmations }
        : { kind: 'canceled', payment };
  const status = await applyPaymentEvent(deps.db, 'sandbox', event, parsed.amount);
  if (status === 'unknown') throw new NotFoundError();
  if (status === 'credited') await mailPaymentCredited(deps, payment);
  return { received: true, status };
}

/** The method a Stripe payment was made with, for its details line. */
const methodOf = (payment: repo.PaymentRow) =>
  payment.paysystem_id === PAYMENT_SYSTEMS.alipay ? 'Alipay' : 'Card';

/** A Stripe webhook: verified with the endpoint secret (403 otherwise), then applied once. */
export async function handleStripeWebhook(deps: Deps, rawBody: string, signature: string | undefined) {
  const stripe = paymentProviders(deps.config).stripe;
  if (!stripe) throw new NotFoundError();
  let outcome: ReturnType<typeof stripe.readWebhook>;
  try {
    outcome = stripe.readWebhook(rawBody, signature);
  } catch {
    throw new ForbiddenError(MESSAGES.signatureInvalid);
  }
  if (outcome.kind === 'ignored') return { received: true as const, status: 'unchanged' as const };
  const payment = await repo.findPayment(deps.db, outcome.paymentId);
  if (!payment || payment.provider !== 'stripe' || payment.provider_ref !== outcome.sessionId) {
    return { received: true as const, status: 'unknown' as const };
  }
  if (outcome.amountCents !== null && outcome.amountCents !== centsOf(payment.total)) {
    throw ValidationError.field('amount', MESSAGES.dataNotValid);
  }
  const event: PaymentEvent =
    outcome.kind === 'paid'
      ? {
          kind: 'paid',
          payment: { id: payment.id },
          details: `${methodOf(payment)} (Stripe ${outcome.sessionId})`,
        }
      : { kind: outcome.kind, payment: { id: payment.id } };
  const status = await applyPaymentEvent(deps.db, 'stripe', event);
  if (status === 'credited') await mailPaymentCredited(deps, { id: payment.id });
  return { received: true as const, status };
}

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

/** The payment a notice names, if it is one of this provider's. */
async function paymentOfNotice(deps: Deps, provider: ProviderName, ref: NoticePaymentRef) {
  const payment =
    'uuid' in ref
      ? await repo.findPaymentByUuid(deps.db, ref.uuid)
      : 'id' in ref
        ? await repo.findPayment(deps.db, ref.id)
        : await repo.findPaymentByProviderRef(deps.db, provider, ref.providerRef);
  return payment?.provider === provider ? payment : undefined;
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
  const payment = await paymentOfNotice(deps, provider.name, notice.payment);
  if (!payment) {
    logUnknownOnce(provider.name, notice.payment, notice.kind);
    return 'unknown';
  }
  const ref = { id: payment.id };
  const event = eventOfNotice(notice, ref, payment);
  if (!event) {
    logger.warn(
      { provider: provider.name, paymentId: payment.id, amount: notice.amount },
      'partial refund at the provider: the ledger is left to staff',
    );
    return 'unchanged';
  }
  const status = await applyPaymentEvent(deps.db, provider.name, event);
  if (status === 'credited') await mailPaymentCredited(deps, ref);
  return status;
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

/**
 * The browser back from a provider's checkout (`returnUrl`): a canceled checkout is ended at the provider and
 * the pending payment canceled; otherwise a provider that settles on return (PayPal captures the approved
 * order) is asked now, its answer applied like a notification. Answers the web result page's path, which
 * shows the payment's true state whatever the provider said.
 */
export async function returnFromCheckout(
  deps: Deps,
  uuid: string,
  canceled: boolean,
  query: Record<string, string | undefined> = {},
): Promise<string> {
  const payment = await repo.findPaymentByUuid(deps.db, uuid);
  if (!payment) throw new NotFoundError();
  const provider =
    payment.provider === 'manual' ? null : paymentProviders(deps.config).byName(payment.provider);
  const atProvider = payment.provider_ref && provider?.name === payment.provider ? provider : null;
  if (canceled && payment.status === 'pending') {
    await atProvider
      ?.cancelCheckout(payment.provider_ref!)
      .catch((error: unknown) =>
        providerFailure(error, { call: 'cancelCheckout', provider: payment.provider, paymentId: payment.id }),
      );
    await applyPaymentEvent(deps.db, payment.provider, { kind: 'canceled', payment: { id: payment.id } });
  } else if (!canceled && payment.status === 'pending' && atProvider?.completeReturn) {
    try {
      await applyNotice(deps, atProvider, await atProvider.completeReturn(payment.provider_ref!, query));
    } catch (error) {
      // The provider's webhook settles it later; the result page keeps polling meanwhile.
      if (error instanceof HttpError)
        logger.warn({ err: error, paymentId: payment.id }, 'return notice refused');
      else
        providerFailure(error, { call: 'completeReturn', provider: payment.provider, paymentId: payment.id });
    }
  }
  return `/top-up-balance/result?payment=${payment.id}`;
}
