import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PAYMENT_SYSTEMS } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import {
  concurrently,
  mainOf,
  openCheckout,
  paymentRow,
  postCallback,
} from '../../../test/hosted-payments.js';
import {
  startStandInNowPayments,
  type NowPaymentsStatus,
  type StandInNowPayments,
} from '../../../test/stand-in-nowpayments.js';
import { checkLedger } from '../ledger/ledger-check.js';

let t: TestApp;
let np: StandInNowPayments;
beforeAll(async () => {
  np = await startStandInNowPayments();
  t = await buildTestApp({
    workers: false,
    config: { nowpayments: { apiKey: np.apiKey, ipnSecret: np.ipnSecret, apiUrl: np.url } },
  });
});
afterAll(async () => {
  await t.close();
  await np.close();
});

type Headers = Record<string, string>;

/** Posts an IPN to our callback, as NOWPayments does. */
const post = (notification: { body: string; headers: Headers }) =>
  postCallback(t, 'nowpayments', notification.body, notification.headers);

/** A checkout with the crypto processor (system 35): 500 + 0.5 % fee = 502.50; `ipn` posts one of its IPNs. */
async function invoice(auth: Headers, amount = 500) {
  const opened = await openCheckout(t, auth, PAYMENT_SYSTEMS.cryptoProcessor, amount);
  const ipn = (status: NowPaymentsStatus, fields?: Record<string, unknown>, secret?: string) =>
    post(np.notification(opened.row.uuid, status, fields, secret));
  return { ...opened, ipn };
}

const rowOf = (id: number) => paymentRow(t, id);

describe('NOWPayments for the crypto processor (35)', () => {
  it('opens an invoice for the total in USD with our uuid as order id and sends the customer to it', async () => {
    const { auth } = await makeUser(t.database.db);
    const systems = (await t.call('GET', 'paysystems', auth)).json().data as {
      id: number;
      provider: string;
    }[];
    expect(systems.find((system) => system.id === PAYMENT_SYSTEMS.cryptoProcessor)?.provider).toBe(
      'nowpayments',
    );
    const { link, payment, row } = await invoice(auth);
    const sent = np.invoices.get(row.uuid)!;
    expect(link).toBe(`${np.url}/payment/?iid=${sent.id}`);
    expect(row).toMatchObject({ provider: 'nowpayments', provider_ref: sent.id, status: 'pending' });
    expect(sent).toMatchObject({
      price_amount: 502.5,
      price_currency: 'usd',
      ipn_callback_url: 'http://storelift.test/api/public/v1/payments/callback/nowpayments',
      success_url: `http://storelift.test/top-up-balance/result?payment=${payment.id}`,
      cancel_url: `http://storelift.test/api/public/v1/payments/return/${row.uuid}?canceled=1`,
    });
    expect(np.violations).toEqual([]);
  });

  it('waits while the coins confirm, then credits a finished payment once under 20 concurrent copies', async () => {
    const { auth } = await makeUser(t.database.db);
    const { payment, ipn } = await invoice(auth);
    expect((await ipn('waiting')).statusCode).toBe(200);
    expect((await rowOf(payment.id)).status).toBe('pending');
    const confirming = await ipn('confirming');
    expect(confirming.statusCode, confirming.body).toBe(200);
    expect((await rowOf(payment.id)).status).toBe('received');
    expect(await mainOf(t, auth)).toBe('0.0000');

    const finished = np.notification((await rowOf(payment.id)).uuid, 'finished');
    expect(await concurrently(20, () => post(finished))).toEqual(Array(20).fill(200));
    expect((await post(finished)).json()).toEqual({ received: true });
    expect(await mainOf(t, auth)).toBe('500.0000');
    const credited = await rowOf(payment.id);
    expect(credited).toMatchObject({ status: 'credited' });
    expect(credited.details).toMatch(/^NOWPayments \d+$/);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('credits what arrived of a partial payment, the difference kept: fee scaled, the rest on the balance', async () => {
    const { auth } = await makeUser(t.database.db);
    const { payment, ipn } = await invoice(auth);
    // Half the quoted 4020 TRX arrived: 251.25 of 502.50.
    const partial = await ipn('partially_paid', { pay_amount: 4020, actually_paid: 2010 });
    expect(partial.statusCode, partial.body).toBe(200);
    expect(await paymentRow(t, payment.id)).toMatchObject({
      status: 'credited',
      requested_total: '502.5000',
      total: '251.2500',
      fee: '1.2500',
      amount: '250.0000',
    });
    expect(await mainOf(t, auth)).toBe('250.0000');
    // The rest arriving later is a re-deposit: left to staff, nothing credited twice.
    expect((await ipn('finished', { parent_payment_id: 5077125051 })).statusCode).toBe(200);
    expect((await ipn('finished')).statusCode).toBe(200);
    expect(await mainOf(t, auth)).toBe('250.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('never moves a credited payment back: a replayed, late or contrary notification changes nothing', async () => {
    const { auth } = await makeUser(t.database.db);
    const { payment, ipn } = await invoice(auth, 100);
    expect((await ipn('finished')).statusCode).toBe(200);
    for (const status of ['confirming', 'partially_paid', 'expired', 'failed', 'finished'] as const) {
      expect((await ipn(status)).statusCode).toBe(200);
    }
    expect(await rowOf(payment.id)).toMatchObject({ status: 'credited' });
    expect(await mainOf(t, auth)).toBe('100.0000');
  });

  it('refuses a forged or unsigned IPN with 403 and writes nothing', async () => {
    const { auth } = await makeUser(t.database.db);
    const { payment, row, ipn } = await invoice(auth);
    const forged = await ipn('finished', {}, 'not-the-secret');
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(MESSAGES.signatureInvalid);
    const good = np.notification(row.uuid, 'finished');
    const unsigned = await post({ body: good.body, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(403);
    const altered = await post({ ...good, body: good.body.replace('"finished"', '"finished" ') });
    expect(altered.statusCode).toBe(200); // whitespace is not signed: the same fields, the same signature
    expect(await rowOf(payment.id)).toMatchObject({ status: 'credited' });
    const other = await invoice(auth);
    const tampered = np.notification(other.row.uuid, 'finished');
    expect(
      (
        await post({
          ...tampered,
          body: tampered.body.replace('"price_amount":502.5', '"price_amount":5025'),
        })
      ).statusCode,
    ).toBe(403);
    expect((await rowOf(other.payment.id)).status).toBe('pending');
  });

  it('cancels an expired invoice and a failed payment, and the customer leaving the invoice page', async () => {
    const { auth } = await makeUser(t.database.db);
    const expired = await invoice(auth);
    expect((await expired.ipn('expired')).statusCode).toBe(200);
    expect((await rowOf(expired.payment.id)).status).toBe('canceled');

    const failed = await invoice(auth);
    await failed.ipn('confirming');
    expect((await failed.ipn('failed')).statusCode).toBe(200);
    expect((await rowOf(failed.payment.id)).status).toBe('canceled');

    const left = await invoice(auth);
    const back = await t.app.inject({ url: `/api/public/v1/payments/return/${left.row.uuid}?canceled=1` });
    expect(back.statusCode).toBe(303);
    expect((await rowOf(left.payment.id)).status).toBe('canceled');
    // The coins arriving after all still credit: the money is there.
    expect((await left.ipn('finished')).statusCode).toBe(200);
    expect((await rowOf(left.payment.id)).status).toBe('credited');
    expect(await mainOf(t, auth)).toBe('500.0000');
  });

  it('answers an IPN of a payment it does not know (or a re-deposit) without effect', async () => {
    const stranger = np.notification('9d0f3c1e-0000-4000-8000-000000000000', 'finished');
    expect((await post(stranger)).statusCode).toBe(200);
    const { auth } = await makeUser(t.database.db);
    const { payment, ipn } = await invoice(auth);
    expect((await ipn('finished', { parent_payment_id: 5077125051 })).statusCode).toBe(200);
    expect((await rowOf(payment.id)).status).toBe('pending');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
  it('refunds a credited payment to the balance (no refund through NOWPayments), saying so', async () => {
    const admin = await makeUser(t.database.db, { roles: ['admin', 'user'] });
    const { auth } = await makeUser(t.database.db);
    const { payment, ipn } = await invoice(auth, 100);
    expect((await ipn('finished')).statusCode).toBe(200);
    const calls = np.calls.length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/v1/payments/${payment.id}/refund`,
      headers: admin.auth,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { status: 'refunded' }, message: MESSAGES.refundedFromBalance });
    expect(np.calls.length).toBe(calls);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'refunded', refund_ref: null });
    expect(await mainOf(t, auth)).toBe('0.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});
