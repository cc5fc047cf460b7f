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
import { startStandInBinancePay, type StandInBinancePay } from '../../../test/stand-in-binance-pay.js';
import { binancePayTradeNo } from '../../providers/payments/binance-pay/binance-pay-provider.js';
import { checkLedger } from '../ledger/ledger-check.js';

let t: TestApp;
let binance: StandInBinancePay;
beforeAll(async () => {
  binance = await startStandInBinancePay();
  t = await buildTestApp({
    workers: false,
    config: { binancePay: { apiKey: binance.apiKey, secret: binance.secret, apiUrl: binance.url } },
  });
});
afterAll(async () => {
  await t.close();
  await binance.close();
});

type Headers = Record<string, string>;

const post = (notification: { body: string; headers: Headers }) =>
  postCallback(t, 'binance-pay', notification.body, notification.headers);

/** A checkout with the crypto exchange (system 13): 500 + 1 % fee = 505 USDT; `webhook` posts one of its webhooks. */
async function order(auth: Headers, amount = 500) {
  const opened = await openCheckout(t, auth, PAYMENT_SYSTEMS.cryptoExchange, amount);
  const tradeNo = binancePayTradeNo(opened.row.uuid);
  const webhook = (
    bizStatus: 'PAY_SUCCESS' | 'PAY_CLOSED',
    data?: Record<string, unknown>,
    options?: { forged?: boolean },
  ) => post(binance.notification(tradeNo, bizStatus, data, options));
  return { ...opened, tradeNo, webhook };
}

describe('Binance Pay for the crypto exchange (13)', () => {
  it('opens a signed v3 order in USDT for the total and sends the customer to its checkout', async () => {
    const { auth } = await makeUser(t.database.db);
    const systems = (await t.call('GET', 'paysystems', auth)).json().data as {
      id: number;
      provider: string;
    }[];
    expect(systems.find((system) => system.id === PAYMENT_SYSTEMS.cryptoExchange)?.provider).toBe(
      'binance-pay',
    );
    const { link, payment, row, tradeNo } = await order(auth);
    const sent = binance.orders.get(tradeNo)!;
    expect(link).toBe(`${binance.url}/checkout/${sent.prepayId}`);
    expect(row).toMatchObject({ provider: 'binance-pay', provider_ref: sent.prepayId, status: 'pending' });
    expect(sent).toMatchObject({
      orderAmount: 505,
      currency: 'USDT',
      returnUrl: `http://storelift.test/top-up-balance/result?payment=${payment.id}`,
      cancelUrl: `http://storelift.test/api/public/v1/payments/return/${row.uuid}?canceled=1`,
      webhookUrl: 'http://storelift.test/api/public/v1/payments/callback/binance-pay',
    });
    expect(binance.violations).toEqual([]);
  });

  it('credits PAY_SUCCESS once under 20 concurrent copies, answering as Binance expects', async () => {
    const { auth } = await makeUser(t.database.db);
    const { payment, tradeNo } = await order(auth);
    const success = binance.notification(tradeNo, 'PAY_SUCCESS');
    expect(await concurrently(20, () => post(success))).toEqual(Array(20).fill(200));
    const again = await post(success);
    expect(again.json()).toEqual({ returnCode: 'SUCCESS', returnMessage: null });
    expect(await mainOf(t, auth)).toBe('500.0000');
    // Settled inside the exchange: credited at once, without the 3 chain confirmations of a deposit.
    expect(await paymentRow(t, payment.id)).toMatchObject({
      status: 'credited',
      details: `Binance Pay ${binance.orders.get(tradeNo)!.prepayId}`,
    });
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('refuses a webhook signed by another key, altered or without its headers: 403, nothing written', async () => {
    const { auth } = await makeUser(t.database.db);
    const { payment, tradeNo, webhook } = await order(auth);
    const forged = await webhook('PAY_SUCCESS', {}, { forged: true });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(MESSAGES.signatureInvalid);
    const good = binance.notification(tradeNo, 'PAY_SUCCESS');
    const altered = await post({ ...good, body: good.body.replace('totalFee\\":505', 'totalFee\\":5050') });
    expect(altered.statusCode).toBe(403);
    const unsigned = await post({ body: good.body, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(403);
    expect((await paymentRow(t, payment.id)).status).toBe('pending');
    expect(await mainOf(t, auth)).toBe('0.0000');
  });

  it('credits another amount than the order as what arrived, the difference kept, never as the order paid', async () => {
    const { auth } = await makeUser(t.database.db);
    const { payment, webhook } = await order(auth);
    expect((await webhook('PAY_SUCCESS', { totalFee: 252.5 })).statusCode).toBe(200);
    expect(await paymentRow(t, payment.id)).toMatchObject({
      status: 'credited',
      requested_total: '505.0000',
      total: '252.5000',
      fee: '2.5000',
      amount: '250.0000',
    });
    expect(await mainOf(t, auth)).toBe('250.0000');
    // Another currency than the order's USDT is not money of this payment.
    const other = await order(auth);
    expect((await other.webhook('PAY_SUCCESS', { currency: 'BNB' })).statusCode).toBe(422);
    expect((await paymentRow(t, other.payment.id)).status).toBe('pending');
  });

  it('cancels on PAY_CLOSED and never moves a credited payment back', async () => {
    const { auth } = await makeUser(t.database.db);
    const closed = await order(auth);
    expect((await closed.webhook('PAY_CLOSED')).statusCode).toBe(200);
    expect((await paymentRow(t, closed.payment.id)).status).toBe('canceled');

    const paid = await order(auth, 100);
    expect((await paid.webhook('PAY_SUCCESS')).statusCode).toBe(200);
    expect((await paid.webhook('PAY_CLOSED')).statusCode).toBe(200);
    expect((await paid.webhook('PAY_SUCCESS')).statusCode).toBe(200);
    expect((await paymentRow(t, paid.payment.id)).status).toBe('credited');
    expect(await mainOf(t, auth)).toBe('100.0000');
  });

  it('closes the order at Binance when the customer leaves the checkout', async () => {
    const { auth } = await makeUser(t.database.db);
    const { payment, row, tradeNo } = await order(auth);
    const back = await t.app.inject({ url: `/api/public/v1/payments/return/${row.uuid}?canceled=1` });
    expect(back.statusCode).toBe(303);
    expect(binance.orders.get(tradeNo)!.status).toBe('CLOSED');
    expect((await paymentRow(t, payment.id)).status).toBe('canceled');
    expect(binance.violations).toEqual([]);
  });

  it('answers a webhook of an order it does not know without effect', async () => {
    const stranger = await post(binance.notification('9d0f3c1e00004000800000000000000a', 'PAY_SUCCESS'));
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toEqual({ returnCode: 'SUCCESS', returnMessage: null });
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
  it('refunds a credited payment to the balance (no refund through Binance Pay), saying so', async () => {
    const admin = await makeUser(t.database.db, { roles: ['admin', 'user'] });
    const { auth } = await makeUser(t.database.db);
    const { payment, webhook } = await order(auth, 100);
    expect((await webhook('PAY_SUCCESS')).statusCode).toBe(200);
    const calls = binance.calls.length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/v1/payments/${payment.id}/refund`,
      headers: admin.auth,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { status: 'refunded' }, message: MESSAGES.refundedFromBalance });
    expect(binance.calls.length).toBe(calls);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'refunded', refund_ref: null });
    expect(await mainOf(t, auth)).toBe('0.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});
