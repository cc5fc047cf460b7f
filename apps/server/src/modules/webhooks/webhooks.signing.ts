import { createHmac, randomBytes } from 'node:crypto';

/** A new endpoint secret (`whsec_` and 32 random bytes). */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The secret as the list shows it after creation: its prefix and last four characters. */
export const maskSecret = (secret: string) => `whsec_…${secret.slice(-4)}`;

/**
 * The `Storelift-Signature` header of a delivery (docs/webhooks.md, Verifying): `t=<unix seconds>,v1=<hex>`,
 * the HMAC-SHA256 under the endpoint's secret of `${t}.${body}`.
 */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}
