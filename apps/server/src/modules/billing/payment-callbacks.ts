import Stripe from 'stripe';
import { z } from 'zod';
import { MESSAGES, PAYMENT_SYSTEMS } from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { ForbiddenError, HttpError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { signingSecret } from '../core-settings/signing-secret.js';
import { paymentProviders } from '../../providers/payments/create-payment-providers.js';
import { providerFailure } from '../../providers/payments/payment-provider.js';
import { applyEvent, applyNotice } from './payment-callbacks.hosted.js';
import { logger } from '../../lib/logger.js';
import { verifySandboxSignature } from '../../providers/payments/sandbox/sandbox-provider.js';
import { centsOf, type StripeOutcome } from '../../providers/payments/stripe/stripe-provider.js';
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
  return { received: true, status };
}

/** The method a Stripe payment was made with, for its details line. */
const methodOf = (payment: repo.PaymentRow) =>
  payment.paysystem_id === PAYMENT_SYSTEMS.alipay ? 'Alipay' : 'Card';

/** A Stripe webhook: verified with the endpoint secret (403 otherwise), then applied once. */
export async function handleStripeWebhook(deps: Deps, rawBody: string, signature: string | undefined) {
  const stripe = paymentProviders(deps.config).stripe;
  if (!stripe) throw new NotFoundError();
  let outcome: StripeOutcome;
  try {
    outcome = await stripe.readWebhook(rawBody, signature);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
      throw new ForbiddenError(MESSAGES.signatureInvalid);
    }
    throw error;
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
  return { received: true as const, status: await applyEvent(deps, 'stripe', event) };
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
