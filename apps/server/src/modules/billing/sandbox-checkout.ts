import { centsText, parseMoney } from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { signingSecret } from '../core-settings/signing-secret.js';
import { findPaymentByUuid, findPaysystem, type PaymentRow } from './payments.repo.js';
import { paymentProviders } from '../../providers/payments/create-payment-providers.js';
import { providerFailure } from '../../providers/payments/payment-provider.js';
import { newSandboxEvent, type SandboxEvent } from '../../providers/payments/sandbox/sandbox-provider.js';
import { escapeHtml } from '../../lib/html.js';

/*
 * The sandbox's own side: what its hosted page shows and what its buttons do. Pay and Cancel reach the
 * merchant (this server) only as signed HTTP callbacks; crypto confirmations follow over time as
 * delayed jobs. A callback that cannot be delivered now is retried from the queue.
 */

/** The result page of the web app, relative so the browser stays on the origin it came from. */
export const sandboxReturnPath = (payment: PaymentRow) => `/top-up-balance/result?payment=${payment.id}`;

const sandboxPayment = async (deps: Deps, uuid: string) => {
  if (!paymentProviders(deps.config).sandbox) return undefined;
  const payment = await findPaymentByUuid(deps.db, uuid);
  return payment?.provider === 'sandbox' ? payment : undefined;
};

/** Sends the event to the callback endpoint now, or queues it for retries when that fails. */
export async function deliverOrQueue(deps: Deps, event: SandboxEvent) {
  const sandbox = paymentProviders(deps.config).sandbox;
  if (!sandbox) return;
  try {
    await sandbox.deliver(await signingSecret(deps.db), event);
  } catch (error) {
    providerFailure(error, {
      call: 'deliver',
      provider: 'sandbox',
      event: event.type,
      payment: event.payment,
    });
    await deps.jobs.send('payments.sandbox-deliver', { event });
  }
}

/** Job: a queued callback, again (pg-boss retries it while it fails). */
export async function redeliver(deps: Deps, event: SandboxEvent) {
  const sandbox = paymentProviders(deps.config).sandbox;
  if (sandbox) await sandbox.deliver(await signingSecret(deps.db), event);
}

/**
 * How many times a confirmation looks again at a payment still pending, a confirmation interval apart: its
 * "paid" callback may still be queued (`payments.sandbox-deliver` retries for about 5 minutes); 10 minutes at
 * the default 10 s, then it gives up.
 */
export const PENDING_WAITS = 60;

/**
 * The sandbox's next simulated confirmation of a crypto payment (a `payments.sandbox-confirm` job); `waits`
 * counts the looks at a payment still pending (its "paid" callback not through yet).
 */
export interface SandboxConfirmation {
  payment: string;
  confirmations: number;
  waits?: number;
}

async function confirmLater(deps: Deps, payment: PaymentRow, confirmations: number, waits = 0) {
  await deps.jobs.send(
    'payments.sandbox-confirm',
    { payment: payment.uuid, confirmations, ...(waits && { waits }) },
    { startAfter: new Date(Date.now() + deps.config.sandboxConfirmationSeconds * 1000) },
  );
}

/** The customer pressed Pay: the money is "sent" and the merchant told; crypto starts confirming. */
export async function pay(deps: Deps, uuid: string): Promise<string | undefined> {
  const payment = await sandboxPayment(deps, uuid);
  if (!payment) return undefined;
  if (payment.status === 'pending' || payment.status === 'canceled') {
    await deliverOrQueue(deps, newSandboxEvent('payment.paid', payment.uuid, payment.total));
    if (payment.required_confirmations > 0) await confirmLater(deps, payment, 1);
  }
  return sandboxReturnPath(payment);
}

/** The customer pressed Cancel. */
export async function cancel(deps: Deps, uuid: string): Promise<string | undefined> {
  const payment = await sandboxPayment(deps, uuid);
  if (!payment) return undefined;
  if (payment.status === 'pending') {
    await deliverOrQueue(deps, newSandboxEvent('payment.canceled', payment.uuid, payment.total));
  }
  return sandboxReturnPath(payment);
}

/**
 * Job: the next blockchain confirmation of a crypto payment, until it has enough. A payment still pending (its
 * "paid" callback late) is looked at again later, up to `PENDING_WAITS` times.
 */
export async function confirm(deps: Deps, { payment: uuid, confirmations, waits = 0 }: SandboxConfirmation) {
  const payment = await sandboxPayment(deps, uuid);
  if (payment?.status === 'pending' && waits < PENDING_WAITS) {
    await confirmLater(deps, payment, confirmations, waits + 1);
    return;
  }
  if (!payment || payment.status !== 'received') return;
  await redeliver(deps, newSandboxEvent('payment.confirmation', payment.uuid, payment.total, confirmations));
  if (confirmations < payment.required_confirmations) await confirmLater(deps, payment, confirmations + 1);
}

const money2 = (text: string) => centsText(parseMoney(text));

const STYLE = `
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f1f3f5;
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #212529; }
  main { width: min(420px, 92vw); background: #fff; border-radius: 12px; padding: 28px;
    box-shadow: 0 4px 24px rgba(0, 0, 0, .08); }
  .badge { display: inline-block; margin: 0 0 12px; padding: 2px 10px; border-radius: 99px;
    background: #fff3bf; color: #794b00; font-size: 13px; }
  h1 { margin: 0 0 20px; font-size: 22px; }
  dl { display: grid; grid-template-columns: 1fr auto; gap: 8px 0; margin: 0 0 24px; }
  dt { color: #6c757d; padding-right: 16px; } dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
  .total { color: #212529; font-weight: 600; border-top: 1px solid #e9ecef; padding-top: 8px; }
  .note { color: #6c757d; font-size: 14px; margin: 0 0 20px; }
  form { margin: 0 0 10px; }
  button, a.button { display: block; width: 100%; box-sizing: border-box; padding: 12px; border-radius: 8px;
    border: 0; font: inherit; font-weight: 600; cursor: pointer; text-align: center; text-decoration: none; }
  .pay { background: #228be6; color: #fff; } .pay:hover { background: #1c7ed6; }
  .cancel, a.button { background: #f1f3f5; color: #495057; } .cancel:hover { background: #e9ecef; }`;

const STATUS_TEXT: Record<PaymentRow['status'], string> = {
  pending: 'Waiting for payment',
  received: 'Payment received, waiting for confirmations',
  credited: 'Payment credited',
  canceled: 'Payment is canceled',
  refunded: 'Payment refunded',
};

/** The hosted checkout page (HTML, no scripts: two forms). */
export async function checkoutPage(deps: Deps, uuid: string): Promise<string | undefined> {
  const payment = await sandboxPayment(deps, uuid);
  if (!payment) return undefined;
  const system = await findPaysystem(deps.db, payment.paysystem_id);
  const name = escapeHtml(system?.name ?? 'Payment');
  const rows = [
    ['Amount', payment.amount],
    [`Fee (${system ? Number(system.fee_percent) : 0} %)`, payment.fee],
    ...(parseMoney(payment.vat) > 0n ? [['VAT on the fee', payment.vat]] : []),
  ]
    .map(([label, value]) => `<dt>${label}</dt><dd>${money2(value!)} USD</dd>`)
    .join('');
  const bonus =
    parseMoney(payment.bonus) > 0n
      ? `<p class="note">A bonus of ${money2(payment.bonus)} USD goes to your bonus balance once credited.</p>`
      : '';
  const crypto =
    payment.required_confirmations > 0
      ? `<p class="note">Credited after ${payment.required_confirmations} network confirmations.</p>`
      : '';
  const actions =
    payment.status === 'pending'
      ? `<form method="post" action="/sandbox/checkout/${payment.uuid}/pay"><button type="submit" class="pay">Pay ${money2(payment.total)} USD</button></form>
    <form method="post" action="/sandbox/checkout/${payment.uuid}/cancel"><button type="submit" class="cancel">Cancel</button></form>`
      : `<p class="note">${STATUS_TEXT[payment.status]}.</p><a class="button" href="${sandboxReturnPath(payment)}">Back to Storelift</a>`;
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${name}: Storelift sandbox checkout</title>
  <style>${STYLE}</style>
</head>
<body>
  <main>
    <p class="badge">Sandbox: no real money moves</p>
    <h1>Pay with ${name}</h1>
    <dl>${rows}<dt class="total">Total</dt><dd class="total">${money2(payment.total)} USD</dd></dl>
    ${bonus}${crypto}
    ${actions}
  </main>
</body>
</html>`;
}
