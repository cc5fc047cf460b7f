/** Webhook events and limits, and the receiver's check, as plain values the web's API support page reads. */

/** The events a webhook endpoint may take (docs/webhooks.md, Events). */
export const WEBHOOK_EVENTS = [
  'campaign.status_changed',
  'campaign.day_delivered',
  'campaign.completed',
  'payment.credited',
  'keyword.rank_changed',
  'guarantee.event',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** Limits of webhooks: endpoints per user, seconds per attempt, how long a delivery is retried. */
export const WEBHOOK_LIMITS = {
  endpointsPerUser: 10,
  timeoutSeconds: 10,
  retryHours: 24,
  /** Characters of an endpoint's answer kept in the log. */
  excerptChars: 200,
  rankThresholdMax: 500,
  /** Test events and redeliveries a customer may ask for a minute (each is a call to their server). */
  sendsPerMinute: 10,
} as const;

/** The header a delivery's signature travels in: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`. */
export const WEBHOOK_SIGNATURE_HEADER = 'Storelift-Signature';

/**
 * How a receiver checks a delivery (TypeScript, Node): shown on the API support page and in docs/webhooks.md,
 * and run as written by the server's webhook tests.
 */
export const WEBHOOK_VERIFY_SNIPPET = `import { createHmac, timingSafeEqual } from 'node:crypto';

/** True when the Storelift-Signature header signs the raw body with your secret, made within 5 minutes. */
export function verifyStorelift(secret: string, header: string, rawBody: string, toleranceSeconds = 300) {
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac('sha256', secret).update(\`\${timestamp}.\${rawBody}\`).digest();
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
`;
