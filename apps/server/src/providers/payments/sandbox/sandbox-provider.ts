import { randomUUID } from 'node:crypto';
import { sameSignature, sign } from '../../../lib/signing.js';
import type { CheckoutRequest, PaymentProvider } from '../payment-provider.js';

/** Where the sandbox posts its callbacks, under the public API. */
export const SANDBOX_CALLBACK_PATH = '/api/public/v1/payments/callback/sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
/** Callbacks older than this (seconds) are refused, so a captured one cannot be replayed later. */
const TOLERANCE_SECONDS = 300;
const PURPOSE = 'sandbox-callback';

/** What the sandbox tells the merchant about a payment. */
export interface SandboxEvent {
  id: string;
  type: 'payment.paid' | 'payment.confirmation' | 'payment.canceled';
  /** The payment's uuid (the checkout id). */
  payment: string;
  /** What the customer paid (the checkout total). */
  amount: string;
  /** Blockchain confirmations so far (crypto systems). */
  confirmations: number;
  created: number;
}

export const newSandboxEvent = (
  type: SandboxEvent['type'],
  payment: string,
  amount: string,
  confirmations = 0,
): SandboxEvent => ({
  id: `evt_${randomUUID().replaceAll('-', '')}`,
  type,
  payment,
  amount,
  confirmations,
  created: Math.floor(Date.now() / 1000),
});

/** The signature header of a callback body: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.body">`. */
export function sandboxSignature(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  return `t=${timestamp},v1=${sign(secret, PURPOSE, `${timestamp}.${body}`)}`;
}

/** True when the header signs the body with the secret and is recent. */
export function verifySandboxSignature(
  secret: string,
  body: string,
  header: string | undefined,
  now = Date.now(),
) {
  const parts = new Map(
    (header ?? '').split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const timestamp = Number(parts.get('t'));
  const given = parts.get('v1');
  if (!Number.isInteger(timestamp) || !given) return false;
  if (Math.abs(now / 1000 - timestamp) > TOLERANCE_SECONDS) return false;
  return sameSignature(sign(secret, PURPOSE, `${timestamp}.${body}`), given);
}

/**
 * The embedded payment provider: a hosted checkout page served by Storelift (`/sandbox/checkout/{uuid}`,
 * see modules/billing/sandbox.routes.ts) whose Pay and Cancel buttons reach the server as signed HTTP callbacks, like a
 * real provider's webhooks; crypto payments get their confirmations over time.
 */
export class SandboxProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly mode = 'sandbox' as const;
  constructor(private readonly config: { internalUrl: string }) {}

  /** The page is on Storelift's own origin: its path, so the browser stays on the origin it is on. */
  async createCheckout(request: CheckoutRequest) {
    return { url: `/sandbox/checkout/${request.uuid}`, providerRef: null };
  }

  async cancelCheckout() {}

  /** Posts a signed event to the server's callback endpoint; throws when it is not accepted. */
  async deliver(secret: string, event: SandboxEvent): Promise<void> {
    const body = JSON.stringify(event);
    const response = await fetch(`${this.config.internalUrl}${SANDBOX_CALLBACK_PATH}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [SANDBOX_SIGNATURE_HEADER]: sandboxSignature(secret, body),
      },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`The sandbox callback answered ${response.status}`);
  }
}
