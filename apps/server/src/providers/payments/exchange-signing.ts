import { createHmac } from 'node:crypto';

/*
 * What the exchanges' merchant APIs have in common (Binance Pay, Gate Pay): both sign "timestamp\nnonce\nbody\n"
 * with HMAC-SHA512, and both take an order number of at most 32 letters or digits.
 */

/** The text the exchanges sign, their requests and ours alike. */
export const timestampNoncePayload = (timestamp: string, nonce: string, body: string) =>
  `${timestamp}\n${nonce}\n${body}\n`;

/** HMAC-SHA512 of the payload under the merchant secret, lower-case hex. */
export function timestampNonceHmac(secret: string, timestamp: string, nonce: string, body: string): string {
  return createHmac('sha512', secret)
    .update(timestampNoncePayload(timestamp, nonce, body))
    .digest('hex');
}

/** Our payment's uuid without its dashes: 32 letters and digits, the longest order number they take. */
export const tradeNoOf = (uuid: string) => uuid.replaceAll('-', '');
