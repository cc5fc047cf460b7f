import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 (hex) of `message` under a key derived from the secret for one purpose. */
export function sign(secret: string, purpose: string, message: string): string {
  const key = createHmac('sha256', secret).update(purpose).digest();
  return createHmac('sha256', key).update(message).digest('hex');
}

/** Compares two hex signatures in constant time. */
export function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
