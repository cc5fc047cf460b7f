import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PAYMENT_SYSTEMS } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { startStandInLiqPay, type StandInLiqPay } from '../../../test/stand-in-liqpay.js';
import {
  concurrently,
  mainOf,
  openCheckout,
  paymentRow,
  postCallback,
  staffRefund,
} from '../../../test/hosted-payments.js';
import { checkLedger } from '../ledger/ledger-check.js';

/* LiqPay (system 14) against the stand-in checkout: signed data in the link, signed server callbacks, once only. */

let t: TestApp;
let liqpay: StandInLiqPay;
beforeAll(async () => {
  liqpay = await startStandInLiqPay();
  t = await buildTestApp({
    workers: false,
    config: { liqpay: { publicKey: liqpay.publicKey, privateKey: liqpay.privateKey, apiUrl: liqpay.url } },
  });
});
afterAll(async () => {
  await t.close();
  await liqpay.close();
  expect(liqpay.violations).toEqual([]);
});

const SYSTEM = PAYMENT_SYSTEMS.payForUa;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const send = (body: string) => postCallback(t, 'liqpay', body, FORM);

/** Opens the checkout and follows its link to the stand-in, as the browser does. */
async function checkout(auth: Record<string, string>, amount: number) {
  const opened = await openCheckout(t, auth, SYSTEM, amount);
  const page = await fetch(opened.link);
  expect(page.status).toBe(200);
  return opened;
}

describe('LiqPay', () => {
  it('serves system 14 and sends the customer to the checkout with the signed request', async () => {
    const { auth } = await makeUser(t.deps.db);
    const systems = (await t.call('GET', 'paysystems', auth)).json().data as {
      id: number;
      provider: string;
    }[];
    expect(systems.find((system) => system.id === SYSTEM)?.provider).toBe('liqpay');
    const { link, row } = await checkout(auth, 500);
    expect(link.startsWith(`${liqpay.url}/api/3/checkout?data=`)).toBe(true);
    expect(liqpay.orders.get(row.uuid)).toEqual({
      order_id: row.uuid,
      amount: '512.50',
      currency: 'USD',
      server_url: 'http://storelift.test/api/public/v1/payments/callback/liqpay',
      result_url: `http://storelift.test/api/public/v1/payments/return/${row.uuid}`,
      sandbox: true,
    });
    // LiqPay knows the payment by our order_id: it is the provider reference.
    expect(row).toMatchObject({ provider: 'liqpay', provider_ref: row.uuid, status: 'pending' });
    // The checkout's Pay brings the browser back to the server's return route with a POST, sent on to the result page.
    const page = await (await fetch(link)).text();
    expect(page).toContain(
      `<form method="post" action="http://storelift.test/api/public/v1/payments/return/${row.uuid}">`,
    );
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/public/v1/payments/return/${row.uuid}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: liqpay.notification(row.uuid, 'success'),
    });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/top-up-balance/result?payment=${row.id}`);
    expect((await paymentRow(t, row.id)).status).toBe('pending');
  });

  it('credits a successful payment once under 20 concurrent copies of its callback', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row } = await checkout(auth, 500);
    const body = liqpay.notification(row.uuid, 'success');
    expect(new Set(await concurrently(20, () => send(body)))).toEqual(new Set([200]));
    expect(await mainOf(t, auth)).toBe('500.0000');
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'credited' });
    // A sandbox-status callback for the same order (sandbox keys credit it too) changes nothing now.
    expect((await send(liqpay.notification(row.uuid, 'sandbox'))).statusCode).toBe(200);
    expect(await mainOf(t, auth)).toBe('500.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('refuses a callback with a bad signature and writes nothing', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row } = await checkout(auth, 100);
    expect((await send(liqpay.notification(row.uuid, 'success', {}, 'another-private-key'))).statusCode).toBe(
      403,
    );
    const good = new URLSearchParams(liqpay.notification(row.uuid, 'success'));
    good.set(
      'data',
      Buffer.from(JSON.stringify({ order_id: row.uuid, status: 'success' })).toString('base64'),
    );
    expect((await send(good.toString())).statusCode).toBe(403);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'pending' });
    expect(await mainOf(t, auth)).toBe('0.0000');
  });

  it('does not credit a payment that succeeded for another amount or currency', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row } = await checkout(auth, 100);
    expect((await send(liqpay.notification(row.uuid, 'success', { amount: 1 }))).statusCode).toBe(422);
    expect((await send(liqpay.notification(row.uuid, 'success', { currency: 'UAH' }))).statusCode).toBe(422);
    expect((await paymentRow(t, payment.id)).status).not.toBe('credited');
    expect(await mainOf(t, auth)).toBe('0.0000');
  });

  it('fails on failure and error, waits through 3ds_verify, never moves a credited payment back', async () => {
    const { auth } = await makeUser(t.deps.db);
    const failed = await checkout(auth, 100);
    expect((await send(liqpay.notification(failed.row.uuid, '3ds_verify'))).statusCode).toBe(200);
    expect((await paymentRow(t, failed.payment.id)).status).toBe('pending');
    expect((await send(liqpay.notification(failed.row.uuid, 'failure'))).statusCode).toBe(200);
    expect((await paymentRow(t, failed.payment.id)).status).toBe('canceled');
    const error = await checkout(auth, 100);
    expect((await send(liqpay.notification(error.row.uuid, 'error'))).statusCode).toBe(200);
    expect((await paymentRow(t, error.payment.id)).status).toBe('canceled');

    const paid = await checkout(auth, 100);
    expect((await send(liqpay.notification(paid.row.uuid, 'success'))).statusCode).toBe(200);
    expect((await send(liqpay.notification(paid.row.uuid, 'failure'))).statusCode).toBe(200);
    expect((await paymentRow(t, paid.payment.id)).status).toBe('credited');
    expect(await mainOf(t, auth)).toBe('100.0000');
  });

  it('books a reversal of a credited payment once: refunded, the balance back to zero', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row } = await checkout(auth, 100);
    expect((await send(liqpay.notification(row.uuid, 'success'))).statusCode).toBe(200);
    const reversal = liqpay.notification(row.uuid, 'reversed');
    expect(new Set(await concurrently(5, () => send(reversal)))).toEqual(new Set([200]));
    expect((await paymentRow(t, payment.id)).status).toBe('refunded');
    expect(await mainOf(t, auth)).toBe('0.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('staff refund goes back to the card through LiqPay first, then the ledger; its reversed callback changes nothing more', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row } = await checkout(auth, 200);
    expect((await send(liqpay.notification(row.uuid, 'success'))).statusCode).toBe(200);
    const res = await staffRefund(t, payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { status: 'refunded' }, message: MESSAGES.refundedToMethod });
    expect(liqpay.refunds).toEqual([row.uuid]);
    expect((await paymentRow(t, payment.id)).refund_ref).toMatch(/^\d+$/);
    expect(await mainOf(t, auth)).toBe('0.0000');
    expect((await send(liqpay.notification(row.uuid, 'reversed'))).statusCode).toBe(200);
    expect(await mainOf(t, auth)).toBe('0.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('a refund LiqPay does not confirm (an HTML page answered) leaves the payment and the ledger as they were', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row } = await checkout(auth, 100);
    expect((await send(liqpay.notification(row.uuid, 'success'))).statusCode).toBe(200);
    liqpay.answerHtml(1);
    const res = await staffRefund(t, payment.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.providerRefundRefused);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'credited', refund_ref: null });
    expect(await mainOf(t, auth)).toBe('100.0000');
  });

  it('answers 2xx without effect for an order it does not know', async () => {
    expect(
      (await send(liqpay.notification('3f2c8a1e-0000-4000-8000-000000000001', 'success'))).statusCode,
    ).toBe(200);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});
