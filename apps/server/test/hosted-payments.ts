import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Payment } from '@storelift/shared';
import { makeUser } from './factories.js';
import type { TestApp } from './build-test-app.js';
import { payments } from '../src/db/schema/index.js';

/*
 * What the hosted payment providers' integration tests share (modules/billing/{gate-pay,liqpay,fondy}.test.ts):
 * a checkout through the customer API, the payment's row, the callback posted as the provider posts it.
 */

type Headers = Record<string, string>;

/** Opens a checkout for `amount` through system `paysystemId`: the link, the payment as the API shows it and its row. */
export async function openCheckout(t: TestApp, auth: Headers, paysystemId: number, amount: number) {
  const res = await t.call('POST', 'checkout', auth, { amount, paysystem_id: paysystemId });
  expect(res.statusCode, res.body).toBe(201);
  const { link, data } = res.json() as { link: string; data: Payment };
  const [row] = await t.deps.db.select().from(payments).where(eq(payments.id, data.id));
  return { link, payment: data, row: row! };
}

/** The payment's row as it is now. */
export async function paymentRow(t: TestApp, id: number) {
  const [row] = await t.deps.db.select().from(payments).where(eq(payments.id, id));
  return row!;
}

/** The customer's main balance ("500.0000"). */
export const mainOf = async (t: TestApp, auth: Headers) =>
  (await t.call('GET', 'users/profile', auth)).json().data.balances.main as string;

let address = 0;
/**
 * Posts a notification to `/api/public/v1/payments/callback/{provider}` as the provider does, each from its own
 * address (one address is limited to 300 a minute).
 */
export function postCallback(t: TestApp, provider: string, body: string, headers: Headers) {
  address += 1;
  return t.app.inject({
    method: 'POST',
    url: `/api/public/v1/payments/callback/${provider}`,
    remoteAddress: `10.27.${(address >> 8) & 255}.${address & 255}`,
    headers,
    payload: body,
  });
}

/** Sends the same notification `copies` times at once; answers the statuses the server gave. */
export async function concurrently(copies: number, send: () => Promise<{ statusCode: number }>) {
  const answers = await Promise.all(Array.from({ length: copies }, send));
  return answers.map((answer) => answer.statusCode);
}

/** Staff refund a payment (`POST /api/admin/v1/payments/{id}/refund`) as a new admin. */
export async function staffRefund(t: TestApp, paymentId: number) {
  const admin = await makeUser(t.deps.db, { roles: ['admin', 'user'] });
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/v1/payments/${paymentId}/refund`,
    headers: admin.auth,
    payload: {},
  });
}
