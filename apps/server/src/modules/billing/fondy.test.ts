import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PAYMENT_SYSTEMS } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { startStandInFondy, type StandInFondy } from '../../../test/stand-in-fondy.js';
import {
  concurrently,
  mainOf,
  openCheckout,
  paymentRow,
  postCallback,
  staffRefund,
} from '../../../test/hosted-payments.js';
import { checkLedger } from '../ledger/ledger-check.js';

/* Fondy (system 33) against the stand-in gateway: checkout URL, signed server callbacks, once only. */

let t: TestApp;
let fondy: StandInFondy;
beforeAll(async () => {
  fondy = await startStandInFondy();
  t = await buildTestApp({
    workers: false,
    config: { fondy: { merchantId: fondy.merchantId, paymentKey: fondy.paymentKey, apiUrl: fondy.url } },
  });
});
afterAll(async () => {
  await t.close();
  await fondy.close();
  expect(fondy.violations).toEqual([]);
});

const SYSTEM = PAYMENT_SYSTEMS.fondy;
const send = (notice: { body: string; contentType: string }) =>
  postCallback(t, 'fondy', notice.body, { 'content-type': notice.contentType });

describe('Fondy', () => {
  it('serves system 33 and opens a checkout URL for the total in cents', async () => {
    const { auth } = await makeUser(t.deps.db);
    const systems = (await t.call('GET', 'paysystems', auth)).json().data as {
      id: number;
      provider: string;
    }[];
    expect(systems.find((system) => system.id === SYSTEM)?.provider).toBe('fondy');
    const { link, payment, row } = await openCheckout(t, auth, SYSTEM, 500);
    const order = fondy.orders.get(row.uuid)!;
    expect(order).toMatchObject({
      amount: 51500,
      currency: 'USD',
      server_callback_url: 'http://storelift.test/api/public/v1/payments/callback/fondy',
      response_url: `http://storelift.test/api/public/v1/payments/return/${row.uuid}`,
    });
    const sent = (JSON.parse(fondy.calls.at(-1)!.body) as { request: Record<string, unknown> }).request;
    expect(sent).toMatchObject({
      order_desc: 'Storelift balance top-up: 500.00 USD',
      sender_email: expect.any(String),
    });
    expect(link).toBe(`${fondy.url}/merchants/stand-in/default/index.html?token=${order.payment_id}`);
    expect(row).toMatchObject({
      provider: 'fondy',
      provider_ref: String(order.payment_id),
      status: 'pending',
    });
    expect(payment.status).toBe('pending');
    // The checkout page's Pay, then Fondy brings the browser back with a POST of the order's fields…
    expect(await (await fetch(link)).text()).toContain('>Pay</button>');
    const paid = await (await fetch(link.replace('index.html', 'pay'), { method: 'POST' })).text();
    const returnUrl = `http://storelift.test/api/public/v1/payments/return/${row.uuid}`;
    expect(paid).toContain(`action="${returnUrl}"`);
    const fields = new URLSearchParams(
      [...paid.matchAll(/name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]): [string, string] => [
        name!,
        value!,
      ]),
    );
    expect(fields.get('order_status')).toBe('approved');
    // …sent on to the result page; nothing changed (only the signed server callback credits).
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/public/v1/payments/return/${row.uuid}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: fields.toString(),
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/top-up-balance/result?payment=${payment.id}`);
    expect((await paymentRow(t, payment.id)).status).toBe('pending');
  });

  it('credits an approved order once under 20 concurrent copies of its callback', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row } = await openCheckout(t, auth, SYSTEM, 500);
    const notice = fondy.notification(row.uuid, 'approved');
    expect(new Set(await concurrently(20, () => send(notice)))).toEqual(new Set([200]));
    expect(await mainOf(t, auth)).toBe('500.0000');
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'credited' });
    // The same callback again, as a form this time: nothing more.
    expect((await send(fondy.notification(row.uuid, 'approved', {}, { form: true }))).statusCode).toBe(200);
    expect(await mainOf(t, auth)).toBe('500.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('refuses a callback with a bad signature and writes nothing', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row } = await openCheckout(t, auth, SYSTEM, 100);
    const forged = fondy.notification(row.uuid, 'approved', {}, { key: 'not-the-key' });
    expect((await send(forged)).statusCode).toBe(403);
    const altered = fondy.notification(row.uuid, 'approved');
    const tampered = {
      ...altered,
      body: altered.body.replace('"order_status":"approved"', '"order_status":"approved "'),
    };
    expect((await send(tampered)).statusCode).toBe(403);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'pending' });
    expect(await mainOf(t, auth)).toBe('0.0000');
  });

  it('does not credit an order approved for another amount', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row } = await openCheckout(t, auth, SYSTEM, 100);
    const res = await send(fondy.notification(row.uuid, 'approved', { amount: '100' }));
    expect(res.statusCode).toBe(422);
    expect((await send(fondy.notification(row.uuid, 'approved', { currency: 'EUR' }))).statusCode).toBe(422);
    expect((await paymentRow(t, payment.id)).status).not.toBe('credited');
    expect(await mainOf(t, auth)).toBe('0.0000');
  });

  it('cancels on expired, fails on declined, and never moves a credited payment back', async () => {
    const { auth } = await makeUser(t.deps.db);
    const expired = await openCheckout(t, auth, SYSTEM, 100);
    expect((await send(fondy.notification(expired.row.uuid, 'expired'))).statusCode).toBe(200);
    expect((await paymentRow(t, expired.payment.id)).status).toBe('canceled');
    const declined = await openCheckout(t, auth, SYSTEM, 100);
    expect((await send(fondy.notification(declined.row.uuid, 'declined'))).statusCode).toBe(200);
    expect((await paymentRow(t, declined.payment.id)).status).toBe('canceled');

    const paid = await openCheckout(t, auth, SYSTEM, 100);
    expect((await send(fondy.notification(paid.row.uuid, 'approved'))).statusCode).toBe(200);
    for (const late of ['processing', 'declined', 'expired'] as const) {
      expect((await send(fondy.notification(paid.row.uuid, late))).statusCode).toBe(200);
    }
    expect((await paymentRow(t, paid.payment.id)).status).toBe('credited');
    expect(await mainOf(t, auth)).toBe('100.0000');
  });

  it('books a reversal of a credited order once: refunded, the balance back to zero', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row } = await openCheckout(t, auth, SYSTEM, 100);
    expect((await send(fondy.notification(row.uuid, 'approved'))).statusCode).toBe(200);
    const reversal = fondy.notification(row.uuid, 'reversed');
    expect(new Set(await concurrently(5, () => send(reversal)))).toEqual(new Set([200]));
    expect((await paymentRow(t, payment.id)).status).toBe('refunded');
    expect(await mainOf(t, auth)).toBe('0.0000');
    expect((await send(fondy.notification(row.uuid, 'approved'))).statusCode).toBe(200);
    expect((await paymentRow(t, payment.id)).status).toBe('refunded');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('staff refund reverses the order at Fondy first, then the ledger, keeping the reversal; its callback changes nothing more', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row } = await openCheckout(t, auth, SYSTEM, 300);
    expect((await send(fondy.notification(row.uuid, 'approved'))).statusCode).toBe(200);
    const res = await staffRefund(t, payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { status: 'refunded' }, message: MESSAGES.refundedToMethod });
    expect(fondy.reversals).toEqual([
      expect.objectContaining({ key: row.uuid, order_id: row.uuid, amount: 30900 }),
    ]);
    const reversal = fondy.reversals[0]!;
    expect(await paymentRow(t, payment.id)).toMatchObject({
      status: 'refunded',
      refund_ref: String(reversal.transaction_id),
    });
    expect(await mainOf(t, auth)).toBe('0.0000');
    expect((await send(fondy.notification(row.uuid, 'reversed'))).statusCode).toBe(200);
    expect(await mainOf(t, auth)).toBe('0.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('an HTML page instead of Fondy’s answer makes the method unavailable, never a 500', async () => {
    const { auth } = await makeUser(t.deps.db);
    fondy.answerHtml(1);
    const res = await t.call('POST', 'checkout', auth, { amount: 100, paysystem_id: SYSTEM });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('paysystemUnavailable');
  });

  it('answers 2xx without effect for an order it does not know', async () => {
    const unknown = fondy.notification('3f2c8a1e-0000-4000-8000-000000000000', 'approved', {
      amount: '10300',
    });
    expect((await send(unknown)).statusCode).toBe(200);
    expect((await send(fondy.notification('someone-elses-order', 'approved'))).statusCode).toBe(200);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});
