import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
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
import { forgedPayPalKey, startStandInPayPal, type StandInPayPal } from '../../../test/stand-in-paypal.js';
import { refusedCallbacks } from '../../db/schema/index.js';
import { checkLedger } from '../ledger/ledger-check.js';

/* PayPal (system 1) against the stand-in REST API: order, approval, capture on return, verified webhooks, refunds. */

let t: TestApp;
let paypal: StandInPayPal;
beforeAll(async () => {
  paypal = await startStandInPayPal();
  t = await buildTestApp({
    workers: false,
    config: {
      paypal: {
        clientId: paypal.clientId,
        clientSecret: paypal.clientSecret,
        webhookId: paypal.webhookId,
        apiUrl: paypal.url,
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await paypal.close();
  expect(paypal.violations).toEqual([]);
});

const SYSTEM = PAYMENT_SYSTEMS.paypal;
type Headers = Record<string, string>;
const send = (notice: { body: string; headers: Headers }) =>
  postCallback(t, 'paypal', notice.body, notice.headers);

/** A checkout through PayPal: the payment, its row and the stand-in's order. */
async function order(auth: Headers, amount = 500) {
  const opened = await openCheckout(t, auth, SYSTEM, amount);
  return { ...opened, order: paypal.orders.get(opened.row.provider_ref!)! };
}

/** The browser back from PayPal's approval page, as PayPal sends it. */
const comeBack = (uuid: string, orderId: string, canceled = false) =>
  t.app.inject({
    method: 'GET',
    url: `/api/public/v1/payments/return/${uuid}?${canceled ? 'canceled=1&' : ''}token=${orderId}${canceled ? '' : '&PayerID=STANDINPAYER1'}`,
  });

/** A capture webhook for an order the buyer approved and PayPal captured (the browser never came back). */
function capturedAtPayPal(orderId: string, status: 'COMPLETED' | 'DENIED' = 'COMPLETED', amount?: string) {
  const found = paypal.orders.get(orderId)!;
  return paypal.notification(`PAYMENT.CAPTURE.${status}`, {
    id: `CAP${orderId}`.slice(0, 17),
    status: status === 'DENIED' ? 'DECLINED' : 'COMPLETED',
    amount: { currency_code: 'USD', value: amount ?? found.unit.amount.value },
    custom_id: found.unit.custom_id,
    final_capture: true,
    supplementary_data: { related_ids: { order_id: orderId } },
  });
}

const staff = async () => (await makeUser(t.deps.db, { roles: ['admin', 'user'] })).auth;
const refund = (auth: Headers, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/admin/v1/payments/${id}/refund`, headers: auth, payload: {} });

describe('PayPal', () => {
  it('serves system 1 with an order for the total (6 % fee) and sends the buyer to its approval link', async () => {
    const { auth } = await makeUser(t.deps.db);
    const systems = (await t.call('GET', 'paysystems', auth)).json().data as {
      id: number;
      provider: string;
    }[];
    expect(systems.find((system) => system.id === SYSTEM)?.provider).toBe('paypal');
    const { link, row, order: placed } = await order(auth, 500);
    expect(placed.unit).toMatchObject({
      reference_id: row.uuid,
      custom_id: row.uuid,
      amount: { currency_code: 'USD', value: '530.00' },
    });
    expect(placed.returnUrl).toBe(`http://storelift.test/api/public/v1/payments/return/${row.uuid}`);
    expect(placed.cancelUrl).toBe(
      `http://storelift.test/api/public/v1/payments/return/${row.uuid}?canceled=1`,
    );
    expect(link).toBe(`${paypal.url}/checkoutnow?token=${placed.id}`);
    expect(row).toMatchObject({
      provider: 'paypal',
      provider_ref: placed.id,
      status: 'pending',
      total: '530.0000',
    });
    // One token for every call: the client-credentials grant is cached.
    await order(auth, 100);
    expect(paypal.calls.filter((call) => call.url === '/v1/oauth2/token')).toHaveLength(1);
  });

  it('captures the approved order when the buyer returns and credits once, however often they return or PayPal notifies', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row, order: placed } = await order(auth, 500);
    // Back without approving (a bookmark, a second tab): nothing is captured, nothing changes.
    const early = await t.app.inject({
      method: 'GET',
      url: `/api/public/v1/payments/return/${row.uuid}?token=${placed.id}`,
    });
    expect(early.statusCode).toBe(303);
    expect((await paymentRow(t, payment.id)).status).toBe('pending');
    paypal.approve(placed.id);
    const back = await comeBack(row.uuid, placed.id);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/top-up-balance/result?payment=${payment.id}`);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'credited' });
    expect((await paymentRow(t, payment.id)).details).toMatch(/^PayPal capture [A-Z0-9]+$/);
    expect(await mainOf(t, auth)).toBe('500.0000');
    // The capture's webhook, 20 copies at once, and the browser again: nothing more.
    const capture = paypal.orders.get(placed.id)!.capture!;
    const notice = paypal.notification('PAYMENT.CAPTURE.COMPLETED', paypal.captureResource(capture));
    expect(new Set(await concurrently(20, () => send(notice)))).toEqual(new Set([200]));
    expect((await comeBack(row.uuid, placed.id)).statusCode).toBe(303);
    expect(await mainOf(t, auth)).toBe('500.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('credits by the capture webhook alone once under 20 concurrent copies', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, order: placed } = await order(auth, 200);
    const notice = capturedAtPayPal(placed.id);
    expect(new Set(await concurrently(20, () => send(notice)))).toEqual(new Set([200]));
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'credited' });
    expect(await mainOf(t, auth)).toBe('200.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('refuses a webhook PayPal does not verify (another key, another webhook, no headers, altered) and writes nothing', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, order: placed } = await order(auth, 100);
    const [before] = await t.deps.db
      .select()
      .from(refusedCallbacks)
      .where(and(eq(refusedCallbacks.provider, 'paypal')));
    const good = capturedAtPayPal(placed.id);
    const forged = paypal.notification('PAYMENT.CAPTURE.COMPLETED', JSON.parse(good.body).resource, {
      key: forgedPayPalKey(),
    });
    const otherHook = paypal.notification('PAYMENT.CAPTURE.COMPLETED', JSON.parse(good.body).resource, {
      webhookId: 'ANOTHERWEBHOOK1',
    });
    const altered = { ...good, body: good.body.replace('"final_capture":true', '"final_capture":false') };
    const unsigned = { body: good.body, headers: { 'content-type': 'application/json' } };
    for (const notice of [forged, otherHook, altered, unsigned]) {
      expect((await send(notice)).statusCode).toBe(403);
    }
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'pending' });
    expect(await mainOf(t, auth)).toBe('0.0000');
    const counted = await t.deps.db
      .select()
      .from(refusedCallbacks)
      .where(eq(refusedCallbacks.provider, 'paypal'));
    expect(counted.reduce((sum, row) => sum + row.count, 0)).toBe((before?.count ?? 0) + 4);
  });

  it('does not credit a capture of another amount or currency', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, order: placed } = await order(auth, 100);
    const res = await send(capturedAtPayPal(placed.id, 'COMPLETED', '1.00'));
    expect(res.statusCode).toBe(422);
    const resource = JSON.parse(capturedAtPayPal(placed.id).body).resource;
    const euros = paypal.notification('PAYMENT.CAPTURE.COMPLETED', {
      ...resource,
      amount: { ...resource.amount, currency_code: 'EUR' },
    });
    expect((await send(euros)).statusCode).toBe(422);
    expect((await paymentRow(t, payment.id)).status).toBe('pending');
    expect(await mainOf(t, auth)).toBe('0.0000');
  });

  it('a pending capture waits as received; a denied one cancels; nothing moves a credited payment back', async () => {
    const { auth } = await makeUser(t.deps.db);
    const slow = await order(auth, 100);
    paypal.approve(slow.order.id);
    paypal.captureStatus = 'PENDING';
    try {
      await comeBack(slow.row.uuid, slow.order.id);
    } finally {
      paypal.captureStatus = 'COMPLETED';
    }
    expect((await paymentRow(t, slow.payment.id)).status).toBe('received');
    expect((await send(capturedAtPayPal(slow.order.id))).statusCode).toBe(200);
    expect((await paymentRow(t, slow.payment.id)).status).toBe('credited');
    // A late (out of order) denial of the credited payment changes nothing.
    expect((await send(capturedAtPayPal(slow.order.id, 'DENIED'))).statusCode).toBe(200);
    expect((await paymentRow(t, slow.payment.id)).status).toBe('credited');

    const denied = await order(auth, 100);
    expect((await send(capturedAtPayPal(denied.order.id, 'DENIED'))).statusCode).toBe(200);
    expect((await paymentRow(t, denied.payment.id)).status).toBe('canceled');
    expect(await mainOf(t, auth)).toBe('100.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('cancels the payment when the buyer cancels at PayPal', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row, order: placed } = await order(auth, 100);
    const back = await comeBack(row.uuid, placed.id, true);
    expect(back.headers.location).toBe(`/top-up-balance/result?payment=${payment.id}`);
    expect((await paymentRow(t, payment.id)).status).toBe('canceled');
  });

  it('answers a webhook of an order it does not know without effect', async () => {
    const notice = paypal.notification('PAYMENT.CAPTURE.COMPLETED', {
      id: 'CAPUNKNOWN1',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '10.00' },
      custom_id: '9d0f3c1e-0000-4000-8000-000000000000',
    });
    expect((await send(notice)).statusCode).toBe(200);
    const other = paypal.notification('CHECKOUT.ORDER.APPROVED', { id: 'ORDERX' });
    expect((await send(other)).statusCode).toBe(200);
  });

  it('staff refund to the buyer’s PayPal first, then the ledger, keeping the refund id; its webhook changes nothing more', async () => {
    const admin = await staff();
    const { auth } = await makeUser(t.deps.db);
    const { payment, row, order: placed } = await order(auth, 300);
    paypal.approve(placed.id);
    await comeBack(row.uuid, placed.id);
    expect(await mainOf(t, auth)).toBe('300.0000');
    const res = await refund(admin, payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ data: { status: 'refunded' }, message: MESSAGES.refundedToMethod });
    const capture = paypal.orders.get(placed.id)!.capture!;
    expect(capture.refunds).toEqual([
      expect.objectContaining({ status: 'COMPLETED', amount: { currency_code: 'USD', value: '318.00' } }),
    ]);
    expect(await paymentRow(t, payment.id)).toMatchObject({
      status: 'refunded',
      refund_ref: capture.refunds[0]!.id,
    });
    expect(await mainOf(t, auth)).toBe('0.0000');
    const notice = paypal.notification('PAYMENT.CAPTURE.REFUNDED', {
      id: capture.refunds[0]!.id,
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '318.00' },
      custom_id: row.uuid,
    });
    expect((await send(notice)).statusCode).toBe(200);
    expect(await mainOf(t, auth)).toBe('0.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('a refund PayPal refuses leaves the payment and the ledger as they were', async () => {
    const admin = await staff();
    const { auth } = await makeUser(t.deps.db);
    const { payment, row, order: placed } = await order(auth, 100);
    paypal.approve(placed.id);
    await comeBack(row.uuid, placed.id);
    paypal.refusingRefunds = true;
    try {
      const res = await refund(admin, payment.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MESSAGES.providerRefundRefused);
    } finally {
      paypal.refusingRefunds = false;
    }
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'credited', refund_ref: null });
    expect(await mainOf(t, auth)).toBe('100.0000');
  });

  it('a refund made at PayPal (its dashboard) refunds the ledger once under 20 copies of its webhook', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row, order: placed } = await order(auth, 100);
    paypal.approve(placed.id);
    await comeBack(row.uuid, placed.id);
    const capture = paypal.orders.get(placed.id)!.capture!;
    // This refund names its capture only by the `up` link: the capture (read from PayPal) carries our custom id.
    const notice = paypal.notification('PAYMENT.CAPTURE.REFUNDED', {
      id: 'REFUNDDASHBOARD1',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '106.00' },
      links: [{ href: `${paypal.url}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' }],
    });
    expect(new Set(await concurrently(20, () => send(notice)))).toEqual(new Set([200]));
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'refunded' });
    expect(await mainOf(t, auth)).toBe('0.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('captures an order approved at PayPal whose buyer never came back, on its CHECKOUT.ORDER.APPROVED webhook', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row, order: placed } = await order(auth, 100);
    paypal.approve(placed.id);
    const approved = paypal.notification('CHECKOUT.ORDER.APPROVED', {
      id: placed.id,
      intent: 'CAPTURE',
      status: 'APPROVED',
      purchase_units: [{ reference_id: row.uuid, custom_id: row.uuid }],
    });
    expect(new Set(await concurrently(5, () => send(approved)))).toEqual(new Set([200]));
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'credited' });
    expect(paypal.orders.get(placed.id)!.status).toBe('COMPLETED');
    expect(await mainOf(t, auth)).toBe('100.0000');
    // The buyer coming back late captures nothing twice.
    expect((await comeBack(row.uuid, placed.id)).statusCode).toBe(303);
    expect(await mainOf(t, auth)).toBe('100.0000');
  });

  it('answers an approval webhook whose capture PayPal refuses without effect (no retries for days)', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row, order: placed } = await order(auth, 100);
    // Not approved at the stand-in: its capture answers 422 ORDER_NOT_APPROVED, as a declined one would.
    const approved = paypal.notification('CHECKOUT.ORDER.APPROVED', {
      id: placed.id,
      purchase_units: [{ reference_id: row.uuid, custom_id: row.uuid }],
    });
    expect((await send(approved)).statusCode).toBe(200);
    expect((await paymentRow(t, payment.id)).status).toBe('pending');
  });

  it('a refund at PayPal after the balance was spent is acknowledged and left to staff, the ledger unchanged', async () => {
    const admin = await staff();
    const { auth, user } = await makeUser(t.deps.db);
    const { payment, row, order: placed } = await order(auth, 100);
    paypal.approve(placed.id);
    await comeBack(row.uuid, placed.id);
    const spent = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/v1/payments/change-user-balance',
      headers: admin,
      payload: { id: user.id, amount: '-90', account_id: 1, reason: 'spent' },
    });
    expect(spent.statusCode, spent.body).toBe(200);
    const refunded = paypal.notification('PAYMENT.CAPTURE.REFUNDED', {
      id: 'REFUNDSPENT1',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '106.00' },
      custom_id: row.uuid,
    });
    expect((await send(refunded)).statusCode).toBe(200);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'credited' });
    expect(await mainOf(t, auth)).toBe('10.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('a partial refund at PayPal leaves the payment credited (staff adjust the ledger)', async () => {
    const { auth } = await makeUser(t.deps.db);
    const { payment, row, order: placed } = await order(auth, 100);
    paypal.approve(placed.id);
    await comeBack(row.uuid, placed.id);
    const partial = paypal.notification('PAYMENT.CAPTURE.REFUNDED', {
      id: 'REFUNDPARTIAL1',
      status: 'COMPLETED',
      amount: { currency_code: 'USD', value: '10.00' },
      custom_id: row.uuid,
    });
    expect((await send(partial)).statusCode).toBe(200);
    expect(await paymentRow(t, payment.id)).toMatchObject({ status: 'credited' });
    expect(await mainOf(t, auth)).toBe('100.0000');
  });
});
