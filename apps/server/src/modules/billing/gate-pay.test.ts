import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, PAYMENT_SYSTEMS } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { startStandInGatePay, type StandInGatePay } from '../../../test/stand-in-gate-pay.js';
import {
  concurrently,
  mainOf,
  openCheckout,
  paymentRow,
  postCallback,
  staffRefund,
} from '../../../test/hosted-payments.js';
import { checkLedger } from '../ledger/ledger-check.js';

/* Gate Pay (system 32) against the stand-in merchant API: signed prepay orders, signed callbacks, once only. */

let t: TestApp;
let gate: StandInGatePay;
beforeAll(async () => {
  gate = await startStandInGatePay();
  t = await buildTestApp({
    workers: false,
    config: { gatePay: { clientId: gate.clientId, apiKey: gate.apiKey, apiUrl: gate.url } },
  });
});
afterAll(async () => {
  await t.close();
  await gate.close();
  expect(gate.violations).toEqual([]);
});

const SYSTEM = PAYMENT_SYSTEMS.cryptoExchange2;
const tradeNo = (uuid: string) => uuid.replaceAll('-', '');
const send = (notice: { body: string; headers: Record<string, string> }) =>
  postCallback(t, 'gate-pay', notice.body, notice.headers);

describe('Gate Pay', () => {
  it('serves system 32 with a signed prepay order in USDT and sends the customer to the cashier', async () => {
    const { auth } = await makeUser(t.deps.db);
    const systems = (await t.call('GET', 'paysystems', auth)).json().data as {
      id: number;
      provider: string;
    }[];
    expect(systems.find((system) => system.id === SYSTEM)?.provider).toBe('gate-pay');
    const { link, row } = await openCheckout(t, auth, SYSTEM, 500);
    const order = gate.orders.get(tradeNo(row.uuid))!;
    expect(order).toMatchObject({
      currency: 'USDT',
      orderAmount: '505.00',
      returnUrl: `http://storelift.test/top-up-balance/result?payment=${row.id}`,
      cancelUrl: `http://storelift.test/api/public/v1/payments/return/${row.uuid}?canceled=1`,
      status: 'PENDING',
    });
    const sent = JSON.parse(gate.calls.at(-1)!.body) as Record<string, unknown>;
    expect(sent).toMatchObject({
      merchantTradeNo: tradeNo(row.uuid),
      env: { terminalType: 'WEB' },
      goods: { goodsName: 'Storelift balance top-up', goodsDetail: '500.00 USD' },
    });
    expect(link).toBe(`${gate.url}/cashier?prepayid=${order.prepayId}`);
    const cashier = await (await fetch(link)).text();
    expect(cashier).toContain(
      `href="http://storelift.test/api/public/v1/payments/return/${row.uuid}?canceled=1"`,
    );
    expect(row).toMatchObject({ provider: 'gate-pay', provider_ref: order.prepayId, status: 'pending' });
  });

  it('credits PAY_SUCCESS once under 20 concurrent copies and answers what Gate Pay expects', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row } = await openCheckout(t, auth, SYSTEM, 500);
    const notice = gate.notification(tradeNo(row.uuid), 'PAY_SUCCESS');
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(notice)));
    expect(new Set(answers.map((answer) => answer.statusCode))).toEqual(new Set([200]));
    expect(answers[0]!.json()).toEqual({ returnCode: 'SUCCESS', returnMessage: '' });
    expect(await mainOf(t, auth)).toBe('500.0000');
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'credited' });
    expect(await concurrently(3, () => send(gate.notification(tradeNo(row.uuid), 'PAY_SUCCESS')))).toEqual([
      200, 200, 200,
    ]);
    expect(await mainOf(t, auth)).toBe('500.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('refuses a callback with a bad signature and writes nothing', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row } = await openCheckout(t, auth, SYSTEM, 100);
    expect(
      (await send(gate.notification(tradeNo(row.uuid), 'PAY_SUCCESS', {}, 'another-secret'))).statusCode,
    ).toBe(403);
    const good = gate.notification(tradeNo(row.uuid), 'PAY_SUCCESS');
    expect((await send({ ...good, body: good.body.replace('PAY_SUCCESS', 'PAY_SUCCESS ') })).statusCode).toBe(
      403,
    );
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'pending' });
    expect(await mainOf(t, auth)).toBe('0.0000');
  });

  it('credits another amount than the order as what arrived, the difference kept; another currency is refused', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row } = await openCheckout(t, auth, SYSTEM, 500);
    expect(
      (await send(gate.notification(tradeNo(row.uuid), 'PAY_SUCCESS', { orderAmount: '252.50' }))).statusCode,
    ).toBe(200);
    expect(await paymentRow(t, payment.id)).toMatchObject({
      status: 'credited',
      requested_total: '505.0000',
      total: '252.5000',
      fee: '2.5000',
      amount: '250.0000',
    });
    expect(await mainOf(t, auth)).toBe('250.0000');
    const other = await openCheckout(t, auth, SYSTEM, 100);
    const inBtc = gate.notification(tradeNo(other.row.uuid), 'PAY_SUCCESS', { currency: 'BTC' });
    expect((await send(inBtc)).statusCode).toBe(422);
    expect((await paymentRow(t, other.payment.id)).status).toBe('pending');
  });

  it('closes the order at Gate Pay when the customer leaves the cashier; PAY_CLOSE cancels', async () => {
    const { auth } = await makeUser(t.deps.db);
    const left = await openCheckout(t, auth, SYSTEM, 100);
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/public/v1/payments/return/${left.row.uuid}?canceled=1`,
    });
    expect(back.statusCode).toBe(303);
    expect(gate.orders.get(tradeNo(left.row.uuid))!.status).toBe('CLOSED');
    expect((await paymentRow(t, left.payment.id)).status).toBe('canceled');

    const closed = await openCheckout(t, auth, SYSTEM, 100);
    expect((await send(gate.notification(tradeNo(closed.row.uuid), 'PAY_CLOSE'))).statusCode).toBe(200);
    expect((await paymentRow(t, closed.payment.id)).status).toBe('canceled');
  });

  it('refunds a credited payment to the balance (no refund through Gate Pay), saying so', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row } = await openCheckout(t, auth, SYSTEM, 100);
    expect((await send(gate.notification(tradeNo(row.uuid), 'PAY_SUCCESS'))).statusCode).toBe(200);
    const calls = gate.calls.length;
    const res = await staffRefund(t, payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { status: 'refunded' }, message: MESSAGES.refundedFromBalance });
    expect(gate.calls.length).toBe(calls);
    expect(await mainOf(t, auth)).toBe('0.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('an HTML page instead of Gate Pay’s answer makes the method unavailable, never a 500', async () => {
    const { auth } = await makeUser(t.deps.db);
    gate.answerHtml(1);
    const res = await t.call('POST', 'checkout', auth, { amount: 100, paysystem_id: SYSTEM });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('paysystemUnavailable');
  });

  it('never moves a credited payment back; an unknown order changes nothing', async () => {
    const { auth } = await makeUser(t.deps.db);
    const paid = await openCheckout(t, auth, SYSTEM, 100);
    expect((await send(gate.notification(tradeNo(paid.row.uuid), 'PAY_SUCCESS'))).statusCode).toBe(200);
    expect((await send(gate.notification(tradeNo(paid.row.uuid), 'PAY_CLOSE'))).statusCode).toBe(200);
    expect((await send(gate.notification(tradeNo(paid.row.uuid), 'PAY_ERROR'))).statusCode).toBe(200);
    expect((await paymentRow(t, paid.payment.id)).status).toBe('credited');
    expect(await mainOf(t, auth)).toBe('100.0000');
    const stranger = gate.notification('3f2c8a1e00004000800000000000000f', 'PAY_SUCCESS', {
      orderAmount: '101.00',
    });
    expect((await send(stranger)).statusCode).toBe(200);
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});
