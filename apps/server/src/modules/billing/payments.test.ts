import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MESSAGES, PAYMENT_SYSTEMS, type Payment } from '@storelift/shared';
import { buildTestApp, errorsOf, type TestApp } from '../../../test/build-test-app.js';
import { makeBonusAction, makeTopUp, makeUser } from '../../../test/factories.js';
import { marketingActions, payments, transactions } from '../../db/schema/index.js';
import { signingSecret } from '../core-settings/signing-secret.js';
import {
  SANDBOX_CALLBACK_PATH,
  SANDBOX_SIGNATURE_HEADER,
  newSandboxEvent,
  sandboxSignature,
} from '../../providers/payments/sandbox/sandbox-provider.js';
import { PENDING_WAITS, confirm } from './sandbox-checkout.js';
import { checkLedger } from '../ledger/ledger-check.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ listen: true, config: { sandboxConfirmationSeconds: 0 } });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const balances = async (auth: Headers) => (await t.call('GET', 'users/profile', auth)).json().data.balances;

/** Opens a sandbox checkout and answers the payment and the page's path. */
async function openCheckout(
  auth: Headers,
  amount: number | string,
  paysystemId: number = PAYMENT_SYSTEMS.card,
) {
  const res = await t.call('POST', 'checkout', auth, { amount, paysystem_id: paysystemId });
  expect(res.statusCode, res.body).toBe(201);
  const { link, data } = res.json() as { link: string; data: Payment };
  return { link, payment: data };
}

/** A signed sandbox callback as the sandbox would send it. */
async function callback(event: object, signature?: string) {
  const body = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: SANDBOX_CALLBACK_PATH,
    headers: {
      'content-type': 'application/json',
      [SANDBOX_SIGNATURE_HEADER]: signature ?? sandboxSignature(await signingSecret(t.deps.db), body),
    },
    payload: body,
  });
}

const uuidOf = async (id: number) =>
  (await t.deps.db.select({ uuid: payments.uuid }).from(payments).where(eq(payments.id, id)))[0]!.uuid;

async function waitFor(check: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('payment systems', () => {
  it('lists the active systems of customer-area §3 with limits, fee and bonus options', async () => {
    const { auth } = await makeUser(t.database.db, { country: 'DE' });
    const res = await t.call('GET', 'paysystems', auth);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { id: number; vat_applies: boolean; fee: string }[];
    // Bank transfer, Payoneer and Wise only once our receiving details are set (transfer-payments.test.ts).
    expect(data.map((system) => system.id).sort((a, b) => a - b)).toEqual([1, 13, 14, 30, 31, 32, 33, 35]);
    expect(data.find((system) => system.id === PAYMENT_SYSTEMS.paypal)).toMatchObject({
      name: 'PayPal',
      fee: '6.0000',
      vat: '20.0000',
      vat_applies: true,
      bonus_max_amount: '1000.0000',
      auth: true,
      provider: 'sandbox',
    });
    expect(data.find((system) => system.id === PAYMENT_SYSTEMS.cryptoExchange)).toMatchObject({
      confirmations: 3,
    });
    expect(data.find((system) => system.id === PAYMENT_SYSTEMS.card)).toMatchObject({
      min_amount: '10.0000',
      max_amount: '10000.0000',
      vat_applies: false,
    });
  });

  it('refuses visitors', async () => {
    expect((await t.call('GET', 'paysystems', {})).statusCode).toBe(401);
    expect((await t.call('POST', 'checkout', {}, { amount: 500, paysystem_id: 30 })).statusCode).toBe(401);
  });
});

describe('checkout', () => {
  it.each([
    [{ amount: 0, paysystem_id: 30 }, 'amount', MESSAGES.amountInvalid],
    [{ amount: -5, paysystem_id: 30 }, 'amount', MESSAGES.amountInvalid],
    [{ amount: '12.345', paysystem_id: 30 }, 'amount', MESSAGES.amountInvalid],
    [{ amount: 'abc', paysystem_id: 30 }, 'amount', MESSAGES.amountInvalid],
    [{ amount: 0.1 + 0.2, paysystem_id: 30 }, 'amount', MESSAGES.amountInvalid],
    [{ paysystem_id: 30 }, 'amount', MESSAGES.amountInvalid],
    [{ amount: 5, paysystem_id: 30 }, 'amount', MESSAGES.amountBelowMin],
    [{ amount: 10001, paysystem_id: 30 }, 'amount', MESSAGES.amountAboveMax],
    [{ amount: 100, paysystem_id: 34 }, 'paysystem_id', MESSAGES.paysystemUnavailable],
    [{ amount: 100, paysystem_id: 99 }, 'paysystem_id', MESSAGES.paysystemUnavailable],
    [{ amount: 100 }, 'paysystem_id', MESSAGES.paysystemUnavailable],
  ])('refuses %j with 422 on %s', async (body, field, message) => {
    const { auth, user } = await makeUser(t.database.db);
    const res = await t.call('POST', 'checkout', auth, body);
    expect(res.statusCode).toBe(422);
    expect(errorsOf(res)[field]).toEqual([message]);
    expect(await t.deps.db.select().from(payments).where(eq(payments.user_id, user.id))).toEqual([]);
  });

  it('adds the fee and, for PayPal in Europe, VAT on the fee', async () => {
    const us = await makeUser(t.database.db, { country: 'US' });
    const de = await makeUser(t.database.db, { country: 'DE' });
    const card = (await openCheckout(us.auth, 500)).payment;
    expect(card).toMatchObject({ amount: '500.0000', fee: '15.0000', vat: '0.0000', total: '515.0000' });
    expect(card).toMatchObject({
      status: 'pending',
      type: 'regular',
      invoice: false,
      paysystem: { name: 'Card' },
    });
    const paypalUs = (await openCheckout(us.auth, 500, PAYMENT_SYSTEMS.paypal)).payment;
    expect(paypalUs).toMatchObject({ fee: '30.0000', vat: '0.0000', total: '530.0000' });
    const paypalDe = (await openCheckout(de.auth, 500, PAYMENT_SYSTEMS.paypal)).payment;
    expect(paypalDe).toMatchObject({ fee: '30.0000', vat: '6.0000', total: '536.0000' });
    const quote = await t.call('GET', 'checkout/quote?amount=123.45&paysystem_id=1', de.auth);
    expect(quote.json().data).toEqual({
      amount: '123.4500',
      fee: '7.4100',
      vat: '1.4800',
      total: '132.3400',
      bonus: '0.0000',
    });
  });

  it('answers the url for systems where the customer signs in (checkout/{id}/auth)', async () => {
    const { auth } = await makeUser(t.database.db);
    const res = await t.call('POST', 'checkout/1/auth', auth, { amount: 100 });
    expect(res.statusCode).toBe(201);
    expect(res.json().url).toMatch(/^\/sandbox\/checkout\/[0-9a-f-]{36}$/);
    expect(res.json().data).toMatchObject({ paysystem_id: 1, amount: '100.0000' });
    expect((await t.call('POST', 'checkout/34/auth', auth, { amount: 100 })).statusCode).toBe(422);
  });
});

describe('the sandbox, end to end through HTTP', () => {
  it('pays: hosted page, Pay, signed callback, credited, invoice PDF', async () => {
    const { auth } = await makeUser(t.database.db);
    const { link, payment } = await openCheckout(auth, 500);
    expect(link).toMatch(/^\/sandbox\/checkout\/[0-9a-f-]{36}$/);

    const page = await t.app.inject({ url: link });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('500.00 USD');
    expect(page.body).toContain('15.00 USD');
    expect(page.body).toContain('515.00 USD');
    expect(page.body).toContain(`action="${link}/pay"`);
    expect(page.body).toContain(`action="${link}/cancel"`);
    expect(page.body).not.toContain('<script');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");

    const paid = await t.app.inject({
      method: 'POST',
      url: `${link}/pay`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/top-up-balance/result?payment=${payment.id}`);

    const config = (await t.call('GET', `payments/${payment.id}/get-configuration`, auth)).json();
    expect(config.amount).toBe('500.0000');
    expect(config.data).toMatchObject({ status: 'credited', invoice: true });
    expect(config.data.invoice_number).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(config.message).toBeUndefined();
    expect(await balances(auth)).toEqual({ main: '500.0000', bonus: '0.0000', referral: '0.0000' });

    // The page now says it is done and links back.
    expect((await t.app.inject({ url: link })).body).toContain('Payment credited');

    const bridge = await t.call('GET', `payments/download-invoice/${payment.id}/bridge`, auth);
    expect(bridge.statusCode).toBe(200);
    const { ts, h, url } = bridge.json() as { ts: number; h: string; url: string };
    expect(url).toBe(`/api/private/v1/payments/download-invoice/${payment.id}?ts=${ts}&h=${h}`);
    const pdf = await t.app.inject({ url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /^attachment; filename="storelift-INV-\d{4}-\d{6}\.pdf"$/,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('cancels: "Payment is canceled", nothing credited', async () => {
    const { auth } = await makeUser(t.database.db);
    const { link, payment } = await openCheckout(auth, 500);
    const canceled = await t.app.inject({ method: 'POST', url: `${link}/cancel` });
    expect(canceled.statusCode).toBe(303);
    expect(canceled.headers.location).toBe(`/top-up-balance/result?payment=${payment.id}`);
    const config = (await t.call('GET', `payments/${payment.id}/get-configuration`, auth)).json();
    expect(config.data.status).toBe('canceled');
    expect(config.message).toBe(MESSAGES.paymentCanceled);
    expect((await balances(auth)).main).toBe('0.0000');
    const bridge = await t.call('GET', `payments/download-invoice/${payment.id}/bridge`, auth);
    expect(bridge.statusCode).toBe(409);
    expect(bridge.json().message).toBe(MESSAGES.downloadFailed);
  });

  it('credits crypto after 3 confirmations that arrive over time', async () => {
    const { auth } = await makeUser(t.database.db);
    const { link, payment } = await openCheckout(auth, 100, PAYMENT_SYSTEMS.cryptoExchange);
    expect(payment.required_confirmations).toBe(3);
    await t.app.inject({ method: 'POST', url: `${link}/pay` });
    const status = async () =>
      (await t.call('GET', `payments/${payment.id}/get-configuration`, auth)).json().data as Payment;
    expect((await status()).status).toBe('received');
    expect((await balances(auth)).main).toBe('0.0000');
    await waitFor(async () => (await status()).status === 'credited');
    expect(await status()).toMatchObject({ confirmations: 3, status: 'credited' });
    expect((await balances(auth)).main).toBe('100.0000');
  });

  it('credits crypto whose "paid" callback arrives after the first confirmation tick', async () => {
    const { auth } = await makeUser(t.database.db);
    const { payment } = await openCheckout(auth, 100, PAYMENT_SYSTEMS.cryptoExchange);
    const uuid = await uuidOf(payment.id);
    // The first confirmation comes while the payment is still pending (its "paid" callback queued in an outage).
    await confirm(t.deps, { payment: uuid, confirmations: 1 });
    expect((await callback(newSandboxEvent('payment.paid', uuid, payment.total))).json().status).toBe(
      'received',
    );
    const status = async () =>
      (await t.call('GET', `payments/${payment.id}/get-configuration`, auth)).json().data as Payment;
    await waitFor(async () => (await status()).status === 'credited');
    expect((await balances(auth)).main).toBe('100.0000');
  });

  it('stops looking at a payment that stays pending after its last wait', async () => {
    const { auth } = await makeUser(t.database.db);
    const { payment } = await openCheckout(auth, 100, PAYMENT_SYSTEMS.cryptoExchange);
    const uuid = await uuidOf(payment.id);
    const queued = async () => {
      const result = await t.deps.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'payments.sandbox-confirm' and data->>'payment' = ${uuid}`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    await confirm(t.deps, { payment: uuid, confirmations: 1, waits: PENDING_WAITS - 1 });
    expect(await queued()).toBe(1);
    await confirm(t.deps, { payment: uuid, confirmations: 1, waits: PENDING_WAITS });
    expect(await queued()).toBe(1);
  });

  it('refuses a bad signature and changes nothing', async () => {
    const { auth } = await makeUser(t.database.db);
    const { payment } = await openCheckout(auth, 500);
    const event = newSandboxEvent('payment.paid', await uuidOf(payment.id), payment.total);
    const body = JSON.stringify(event);
    const forged = sandboxSignature('not-the-secret', body);
    expect((await callback(event, forged)).statusCode).toBe(403);
    expect((await callback(event, 't=1,v1=00')).statusCode).toBe(403);
    expect((await callback(event, '')).statusCode).toBe(403);
    const stale = sandboxSignature(
      await signingSecret(t.deps.db),
      body,
      Math.floor(Date.now() / 1000) - 3600,
    );
    expect((await callback(event, stale)).statusCode).toBe(403);
    const tampered = await callback(
      { ...event, amount: '1.00' },
      sandboxSignature(await signingSecret(t.deps.db), body),
    );
    expect(tampered.statusCode).toBe(403);
    // Signed, but for another amount than the checkout's: refused too.
    expect((await callback({ ...event, amount: '1.0000' })).statusCode).toBe(422);
    expect((await t.call('GET', `payments/${payment.id}/get-configuration`, auth)).json().data.status).toBe(
      'pending',
    );
    expect((await balances(auth)).main).toBe('0.0000');
  });

  it('credits once when the same callback arrives 50 times at once', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const { payment } = await openCheckout(auth, 500);
    const event = newSandboxEvent('payment.paid', await uuidOf(payment.id), payment.total);
    const results = await Promise.all(Array.from({ length: 50 }, () => callback(event)));
    expect(results.map((res) => res.statusCode)).toEqual(Array(50).fill(200));
    const statuses = results.map((res) => res.json().status);
    expect(statuses.filter((status) => status === 'credited')).toHaveLength(1);
    expect(statuses.filter((status) => status === 'unchanged')).toHaveLength(49);
    expect((await balances(auth)).main).toBe('500.0000');
    const rows = await t.deps.db.select().from(transactions).where(eq(transactions.user_id, user.id));
    expect(rows.map((row) => row.type)).toEqual(['top_up']);
    // A cancel after crediting changes nothing either.
    const cancel = newSandboxEvent('payment.canceled', await uuidOf(payment.id), payment.total);
    expect((await callback(cancel)).json().status).toBe('unchanged');
  });

  it('answers 404 for an unknown checkout page', async () => {
    expect(
      (await t.app.inject({ url: '/sandbox/checkout/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: '/sandbox/checkout/nope' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/sandbox/checkout/nope/pay' })).statusCode).toBe(404);
  });
});

describe('payment bonus', () => {
  it('answers 404 from marketing-actions when no payment action runs', async () => {
    const { auth } = await makeUser(t.database.db);
    await t.deps.db.update(marketingActions).set({ is_active: false });
    const res = await t.call('GET', 'marketing-actions', auth);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.marketingActionNone);
  });

  it('credits the tier of the current action to the bonus balance, per payment, not via PayPal', async () => {
    const action = await makeBonusAction(t.deps.db);
    try {
      const { auth } = await makeUser(t.database.db);
      const current = (await t.call('GET', 'marketing-actions', auth)).json().data;
      expect(current).toMatchObject({ id: action.id, type: 'payment', tiers: action.tiers });

      const small = (await openCheckout(auth, 1999)).payment;
      expect(small.bonus).toBe('0.0000');
      const tier1 = (await openCheckout(auth, 2000)).payment;
      expect(tier1.bonus).toBe('200.0000');
      const tier2 = (await openCheckout(auth, 8000)).payment;
      expect(tier2.bonus).toBe('1200.0000');
      const paypal = (await openCheckout(auth, 2500, PAYMENT_SYSTEMS.paypal)).payment;
      expect(paypal.bonus).toBe('0.0000');

      const link = `/sandbox/checkout/${await uuidOf(tier1.id)}`;
      await t.app.inject({ method: 'POST', url: `${link}/pay` });
      expect(await balances(auth)).toEqual({ main: '2000.0000', bonus: '200.0000', referral: '0.0000' });
      const bonusRows = (await t.call('GET', 'transactions?balance=2', auth)).json().data;
      expect(bonusRows).toHaveLength(1);
      expect(bonusRows[0]).toMatchObject({ type: 'payment_bonus', account: 'bonus', amount: '200.0000' });
    } finally {
      await t.deps.db.delete(marketingActions).where(eq(marketingActions.id, action.id));
    }
  });
});

describe('GET payments and payments/total', () => {
  it('lists the caller’s payments with the filters of §3 and sums the credited ones', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const other = await makeUser(t.database.db);
    await makeTopUp(t.deps.db, other.user.id, '999');
    const first = await makeTopUp(t.deps.db, user.id, '100');
    const second = await makeTopUp(t.deps.db, user.id, '250.50', { paysystemId: PAYMENT_SYSTEMS.paypal });
    await openCheckout(auth, 40);

    const all = (await t.call('GET', 'payments', auth)).json();
    expect(all.meta).toMatchObject({ total: 3, current_page: 1, last_page: 1 });
    expect(all.data.map((p: Payment) => p.amount)).toEqual(['40.0000', '250.5000', '100.0000']);
    const success = (await t.call('GET', 'payments?successOnly=1', auth)).json();
    expect(success.data.map((p: Payment) => p.id)).toEqual([second.id, first.id]);
    const paypal = (await t.call('GET', 'payments?pay_systems=1', auth)).json();
    expect(paypal.data.map((p: Payment) => p.id)).toEqual([second.id]);
    const byAmount = (await t.call('GET', 'payments?orderBy=amount&sortBy=asc', auth)).json();
    expect(byAmount.data.map((p: Payment) => p.amount)).toEqual(['40.0000', '100.0000', '250.5000']);
    const search = (await t.call('GET', 'payments?search=250.5&searchColumn=amount', auth)).json();
    expect(search.data.map((p: Payment) => p.id)).toEqual([second.id]);
    const byName = (await t.call('GET', 'payments?search=paypal', auth)).json();
    expect(byName.data.map((p: Payment) => p.id)).toEqual([second.id]);
    const paged = (await t.call('GET', 'payments?limit=2&page=2', auth)).json();
    expect(paged.meta).toMatchObject({ total: 3, current_page: 2, last_page: 2, per_page: 2 });
    expect(paged.data).toHaveLength(1);
    const today = new Date().toISOString().slice(0, 10);
    expect((await t.call('GET', `payments?from=${today}&to=${today}`, auth)).json().meta.total).toBe(3);
    expect((await t.call('GET', 'payments?to=2000-01-01', auth)).json().meta.total).toBe(0);
    expect((await t.call('GET', 'payments?payment_type=bonus', auth)).json().meta.total).toBe(0);

    const total = (await t.call('GET', 'payments/total', auth)).json().data;
    expect(total).toMatchObject({
      total: '350.5000',
      count: 2,
      latest: { id: second.id, amount: '250.5000' },
    });
    expect(Date.parse(total.latest.created_at)).toBeGreaterThan(0);
    const none = await makeUser(t.database.db);
    expect((await t.call('GET', 'payments/total', none.auth)).json().data).toEqual({
      total: '0.0000',
      count: 0,
      latest: null,
    });
  });

  it('answers 404 for another user’s payment and its invoice', async () => {
    const owner = await makeUser(t.database.db);
    const stranger = await makeUser(t.database.db);
    const payment = await makeTopUp(t.deps.db, owner.user.id, '100');
    expect((await t.call('GET', `payments/${payment.id}/get-configuration`, stranger.auth)).statusCode).toBe(
      404,
    );
    expect(
      (await t.call('GET', `payments/download-invoice/${payment.id}/bridge`, stranger.auth)).statusCode,
    ).toBe(404);
  });

  it('refuses an invoice link that is forged, expired or for another payment', async () => {
    const { auth, user } = await makeUser(t.database.db);
    const payment = await makeTopUp(t.deps.db, user.id, '100');
    const other = await makeTopUp(t.deps.db, user.id, '200');
    const { ts, h } = (await t.call('GET', `payments/download-invoice/${payment.id}/bridge`, auth)).json();
    const get = (url: string) => t.app.inject({ url: `/api/private/v1/payments/download-invoice/${url}` });
    expect((await get(`${payment.id}?ts=${ts}&h=${h}`)).statusCode).toBe(200);
    for (const url of [
      `${other.id}?ts=${ts}&h=${h}`,
      `${payment.id}?ts=${ts + 1}&h=${h}`,
      `${payment.id}?ts=${ts}&h=${'0'.repeat(64)}`,
      `${payment.id}?ts=${ts - 400}&h=${h}`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(MESSAGES.downloadFailed);
    }
    expect((await get(`${payment.id}`)).statusCode).toBe(422);
  });
});
