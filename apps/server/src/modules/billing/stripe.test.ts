import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { MESSAGES, PAYMENT_SYSTEMS, type Payment } from '@storelift/shared';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.js';
import { makeUser } from '../../../test/factories.js';
import { payments } from '../../db/schema/index.js';
import { checkLedger } from '../ledger/ledger-check.js';

const WEBHOOK_SECRET = 'whsec_test_storelift';

/** A local stand-in for the two Stripe API calls Storelift makes. */
interface StandIn {
  server: Server;
  url: string;
  requests: { method: string; path: string; body: URLSearchParams; idempotencyKey: string | undefined }[];
  failing: boolean;
  /** Refunds are refused (Stripe's charge_already_refunded) while set. */
  refusingRefunds: boolean;
}

async function startStandIn(): Promise<StandIn> {
  const standIn: StandIn = {
    server: createServer(),
    url: '',
    requests: [],
    failing: false,
    refusingRefunds: false,
  };
  let sequence = 0;
  /** The payment each session was opened for (its metadata). */
  const sessionPayments = new Map<string, string>();
  const read = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return new URLSearchParams(text);
  };
  standIn.server.on('request', async (req, res) => {
    const body = await read(req);
    const path = req.url ?? '';
    standIn.requests.push({
      method: req.method ?? '',
      path,
      body,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    });
    res.setHeader('content-type', 'application/json');
    if (standIn.failing) {
      res.statusCode = 500;
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'stand-in down' } }));
      return;
    }
    const expire = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(path);
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      sequence += 1;
      const id = `cs_test_${sequence}`;
      sessionPayments.set(id, body.get('metadata[payment_id]') ?? '');
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          url: `https://checkout.stripe.test/c/pay/${id}`,
          amount_total: Number(body.get('line_items[0][price_data][unit_amount]')),
          payment_status: 'unpaid',
          status: 'open',
          metadata: { payment_id: body.get('metadata[payment_id]') },
        }),
      );
    } else if (req.method === 'GET' && path.startsWith('/v1/checkout/sessions?')) {
      // Sessions by PaymentIntent (the stand-in's pi_test_N belongs to cs_test_N).
      const query = new URLSearchParams(path.split('?')[1]);
      const intent = /^pi_test_(\d+)$/.exec(query.get('payment_intent') ?? '');
      const id = intent && `cs_test_${intent[1]}`;
      res.end(
        JSON.stringify({
          object: 'list',
          url: '/v1/checkout/sessions',
          has_more: false,
          data: id
            ? [{ id, object: 'checkout.session', metadata: { payment_id: sessionPayments.get(id) } }]
            : [],
        }),
      );
    } else if (req.method === 'GET' && /^\/v1\/checkout\/sessions\/cs_test_\d+$/.test(path)) {
      const id = path.split('/').pop()!;
      res.end(
        JSON.stringify({
          id,
          object: 'checkout.session',
          payment_intent: `pi_${id.replace('cs_test_', 'test_')}`,
          payment_status: 'paid',
          status: 'complete',
        }),
      );
    } else if (req.method === 'POST' && path === '/v1/refunds') {
      if (standIn.refusingRefunds || !/^pi_test_\d+$/.test(body.get('payment_intent') ?? '')) {
        res.statusCode = 400;
        res.end(
          JSON.stringify({
            error: {
              type: 'invalid_request_error',
              code: 'charge_already_refunded',
              message: 'Charge has already been refunded.',
            },
          }),
        );
        return;
      }
      sequence += 1;
      res.end(
        JSON.stringify({
          id: `re_test_${sequence}`,
          object: 'refund',
          payment_intent: body.get('payment_intent'),
          status: 'succeeded',
        }),
      );
    } else if (req.method === 'POST' && expire) {
      res.end(JSON.stringify({ id: expire[1], object: 'checkout.session', status: 'expired' }));
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'unknown' } }));
    }
  });
  standIn.server.listen(0, '127.0.0.1');
  await once(standIn.server, 'listening');
  standIn.url = `http://127.0.0.1:${(standIn.server.address() as AddressInfo).port}`;
  return standIn;
}

let t: TestApp;
let standIn: StandIn;
const signer = new Stripe('sk_test_signer');
beforeAll(async () => {
  standIn = await startStandIn();
  t = await buildTestApp({
    workers: false,
    config: {
      stripeSecretKey: 'sk_test_storelift',
      stripeWebhookSecret: WEBHOOK_SECRET,
      stripeApiUrl: standIn.url,
    },
  });
});
afterAll(async () => {
  await t.close();
  standIn.server.close();
});

type Headers = Record<string, string>;

/** A signed fixture event of a Checkout Session, as Stripe would post it. */
function webhook(type: string, session: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify({
    id: `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    type,
    data: { object: { object: 'checkout.session', ...session } },
  });
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return t.app.inject({
    method: 'POST',
    url: '/api/public/v1/payments/callback/stripe',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    payload,
  });
}

async function stripeCheckout(auth: Headers, amount = 500) {
  const res = await t.call('POST', 'checkout', auth, { amount, paysystem_id: PAYMENT_SYSTEMS.card });
  expect(res.statusCode, res.body).toBe(201);
  const { link, data } = res.json() as { link: string; data: Payment };
  const [row] = await t.deps.db.select().from(payments).where(eq(payments.id, data.id));
  return { link, payment: data, row: row! };
}

const statusOf = async (auth: Headers, id: number) =>
  (await t.call('GET', `payments/${id}/get-configuration`, auth)).json().data.status as string;
const mainOf = async (auth: Headers) =>
  (await t.call('GET', 'users/profile', auth)).json().data.balances.main as string;

describe('Stripe Checkout for cards', () => {
  it('serves system 30 through Stripe and opens a Checkout Session for the total', async () => {
    const { auth } = await makeUser(t.database.db);
    const systems = (await t.call('GET', 'paysystems', auth)).json().data as {
      id: number;
      provider: string;
    }[];
    expect(systems.find((system) => system.id === 30)?.provider).toBe('stripe');
    expect(systems.find((system) => system.id === 1)?.provider).toBe('sandbox');
    const { link, payment, row } = await stripeCheckout(auth);
    expect(link).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_\d+$/);
    expect(row).toMatchObject({ provider: 'stripe', provider_ref: link.split('/').pop(), status: 'pending' });
    const request = standIn.requests.at(-1)!;
    expect(request.path).toBe('/v1/checkout/sessions');
    expect(request.idempotencyKey).toBe(`storelift-payment-${row.uuid}`);
    expect(Object.fromEntries(request.body)).toMatchObject({
      mode: 'payment',
      client_reference_id: String(payment.id),
      'metadata[payment_id]': String(payment.id),
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '51500',
      success_url: `http://storelift.test/top-up-balance/result?payment=${payment.id}`,
      cancel_url: `http://storelift.test/api/public/v1/payments/return/${row.uuid}?canceled=1`,
    });
  });

  it('credits on a signed checkout.session.completed, once', async () => {
    const { auth } = await makeUser(t.database.db);
    const { payment, row } = await stripeCheckout(auth);
    const session = {
      id: row.provider_ref,
      metadata: { payment_id: String(payment.id) },
      amount_total: 51500,
    };
    const first = await webhook('checkout.session.completed', { ...session, payment_status: 'paid' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ received: true, status: 'credited' });
    const again = await webhook('checkout.session.completed', { ...session, payment_status: 'paid' });
    expect(again.json().status).toBe('unchanged');
    expect(await mainOf(auth)).toBe('500.0000');
    const config = (await t.call('GET', `payments/${payment.id}/get-configuration`, auth)).json().data;
    expect(config).toMatchObject({ status: 'credited', details: `Card (Stripe ${row.provider_ref})` });
  });

  it('waits for async_payment_succeeded when the money is still on its way', async () => {
    const { auth } = await makeUser(t.database.db);
    const { payment, row } = await stripeCheckout(auth, 100);
    const session = {
      id: row.provider_ref,
      metadata: { payment_id: String(payment.id) },
      amount_total: 10300,
    };
    expect(
      (await webhook('checkout.session.completed', { ...session, payment_status: 'unpaid' })).json().status,
    ).toBe('received');
    expect(await mainOf(auth)).toBe('0.0000');
    expect(
      (
        await webhook('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' })
      ).json().status,
    ).toBe('credited');
    expect(await mainOf(auth)).toBe('100.0000');
  });

  it('cancels a session that completed unpaid when its payment fails later', async () => {
    const { auth } = await makeUser(t.database.db);
    const { payment, row } = await stripeCheckout(auth, 100);
    const session = {
      id: row.provider_ref,
      metadata: { payment_id: String(payment.id) },
      amount_total: 10300,
      payment_status: 'unpaid',
    };
    expect((await webhook('checkout.session.completed', session)).json().status).toBe('received');
    const failed = await webhook('checkout.session.async_payment_failed', session);
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toEqual({ received: true, status: 'canceled' });
    const config = (await t.call('GET', `payments/${payment.id}/get-configuration`, auth)).json();
    expect(config.data.status).toBe('canceled');
    expect(config.message).toBe(MESSAGES.paymentCanceled);
    expect((await webhook('checkout.session.async_payment_failed', session)).json().status).toBe('unchanged');
    expect(await mainOf(auth)).toBe('0.0000');
  });

  it('refuses a bad signature, a wrong amount and another session, changing nothing', async () => {
    const { auth } = await makeUser(t.database.db);
    const { payment, row } = await stripeCheckout(auth);
    const session = {
      id: row.provider_ref,
      metadata: { payment_id: String(payment.id) },
      payment_status: 'paid',
    };
    const forged = await webhook(
      'checkout.session.completed',
      { ...session, amount_total: 51500 },
      'whsec_wrong',
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe(MESSAGES.signatureInvalid);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/public/v1/payments/callback/stripe',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(403);
    expect((await webhook('checkout.session.completed', { ...session, amount_total: 100 })).statusCode).toBe(
      422,
    );
    const other = await webhook('checkout.session.completed', {
      ...session,
      id: 'cs_test_other',
      amount_total: 51500,
    });
    expect(other.json().status).toBe('unknown');
    expect(await statusOf(auth, payment.id)).toBe('pending');
    expect((await webhook('customer.created', { id: 'cus_1' })).json()).toEqual({
      received: true,
      status: 'unchanged',
    });
  });

  it('cancels when the customer comes back through cancel_url, and ends the session at Stripe', async () => {
    const { auth } = await makeUser(t.database.db);
    const { payment, row } = await stripeCheckout(auth);
    const back = await t.app.inject({ url: `/api/public/v1/payments/return/${row.uuid}?canceled=1` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/top-up-balance/result?payment=${payment.id}`);
    expect(standIn.requests.at(-1)?.path).toBe(`/v1/checkout/sessions/${row.provider_ref}/expire`);
    const config = (await t.call('GET', `payments/${payment.id}/get-configuration`, auth)).json();
    expect(config.data.status).toBe('canceled');
    expect(config.message).toBe(MESSAGES.paymentCanceled);
    const expired = await webhook('checkout.session.expired', {
      id: row.provider_ref,
      metadata: { payment_id: String(payment.id) },
      amount_total: 51500,
    });
    expect(expired.json().status).toBe('unchanged');
  });

  it('answers 422 and cancels the payment when Stripe cannot be reached', async () => {
    const { auth, user } = await makeUser(t.database.db);
    standIn.failing = true;
    try {
      const res = await t.call('POST', 'checkout', auth, { amount: 50, paysystem_id: PAYMENT_SYSTEMS.card });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.paysystem_id).toEqual([MESSAGES.paysystemUnavailable]);
    } finally {
      standIn.failing = false;
    }
    const rows = await t.deps.db.select().from(payments).where(eq(payments.user_id, user.id));
    expect(rows.map((row) => row.status)).toEqual(['canceled']);
  });
});

describe('Alipay (system 31) through Stripe Checkout, and refunds through Stripe', () => {
  const paid = async (auth: Headers, paysystemId: number, amount: number) => {
    const res = await t.call('POST', 'checkout', auth, { amount, paysystem_id: paysystemId });
    expect(res.statusCode, res.body).toBe(201);
    const { data } = res.json() as { data: Payment };
    const [row] = await t.deps.db.select().from(payments).where(eq(payments.id, data.id));
    const session = {
      id: row!.provider_ref,
      metadata: { payment_id: String(data.id) },
      payment_status: 'paid',
    };
    const credited = await webhook('checkout.session.completed', {
      ...session,
      amount_total: Number(row!.total.replace('.', '').slice(0, -2)),
    });
    expect(credited.json().status).toBe('credited');
    return { payment: data, row: row! };
  };
  const refund = (auth: Headers, id: number) =>
    t.app.inject({ method: 'POST', url: `/api/admin/v1/payments/${id}/refund`, headers: auth, payload: {} });

  it('opens a Checkout Session limited to Alipay, in USD, and names Alipay on the credited payment', async () => {
    const { auth } = await makeUser(t.database.db);
    const systems = (await t.call('GET', 'paysystems', auth)).json().data as {
      id: number;
      provider: string;
    }[];
    expect(systems.find((system) => system.id === PAYMENT_SYSTEMS.alipay)?.provider).toBe('stripe');
    const { payment, row } = await paid(auth, PAYMENT_SYSTEMS.alipay, 200);
    const request = standIn.requests.find(
      (entry) =>
        entry.path === '/v1/checkout/sessions' &&
        entry.body.get('metadata[payment_id]') === String(payment.id),
    )!;
    expect(request.body.get('payment_method_types[0]')).toBe('alipay');
    expect(request.body.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(await mainOf(auth)).toBe('200.0000');
    const config = (await t.call('GET', `payments/${payment.id}/get-configuration`, auth)).json().data;
    expect(config.details).toBe(`Alipay (Stripe ${row.provider_ref})`);
    // Cards keep Stripe's own choice of methods.
    const card = await stripeCheckout(auth, 50);
    expect(standIn.requests.at(-1)!.body.has('payment_method_types[0]')).toBe(false);
    expect(card.row.provider).toBe('stripe');
  });

  it('staff refund a Stripe payment at Stripe first (its PaymentIntent), then the ledger, keeping the refund id', async () => {
    const admin = await makeUser(t.database.db, { roles: ['admin', 'user'] });
    const { auth } = await makeUser(t.database.db);
    const { payment, row } = await paid(auth, PAYMENT_SYSTEMS.card, 100);
    const res = await refund(admin.auth, payment.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      data: { status: 'refunded', refund_id: expect.stringMatching(/^re_test_\d+$/) },
      message: MESSAGES.refundedToMethod,
    });
    const call = standIn.requests.at(-1)!;
    expect(call.path).toBe('/v1/refunds');
    expect(call.body.get('payment_intent')).toBe(`pi_${row.provider_ref!.replace('cs_test_', 'test_')}`);
    expect(call.idempotencyKey).toBe(`storelift-refund-${row.uuid}`);
    expect(await mainOf(auth)).toBe('0.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('a charge refunded in full at Stripe (its dashboard) refunds the ledger once; a partial refund is left to staff', async () => {
    const { auth } = await makeUser(t.database.db);
    const { payment, row } = await paid(auth, PAYMENT_SYSTEMS.card, 100);
    const charge = {
      object: 'charge',
      id: 'ch_test_1',
      payment_intent: `pi_${row.provider_ref!.replace('cs_test_', 'test_')}`,
      amount: 10300,
    };
    const partial = await webhook('charge.refunded', { ...charge, refunded: false, amount_refunded: 1000 });
    expect(partial.json().status).toBe('unchanged');
    expect(await statusOf(auth, payment.id)).toBe('credited');
    const full = { ...charge, refunded: true, amount_refunded: 10300 };
    expect((await webhook('charge.refunded', full)).json().status).toBe('refunded');
    expect((await webhook('charge.refunded', full)).json().status).toBe('unchanged');
    expect(await statusOf(auth, payment.id)).toBe('refunded');
    expect(await mainOf(auth)).toBe('0.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });

  it('a refund Stripe refuses leaves the payment and the ledger as they were', async () => {
    const admin = await makeUser(t.database.db, { roles: ['admin', 'user'] });
    const { auth } = await makeUser(t.database.db);
    const { payment } = await paid(auth, PAYMENT_SYSTEMS.alipay, 100);
    standIn.refusingRefunds = true;
    try {
      const res = await refund(admin.auth, payment.id);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(MESSAGES.providerRefundRefused);
    } finally {
      standIn.refusingRefunds = false;
    }
    expect(await statusOf(auth, payment.id)).toBe('credited');
    expect(await mainOf(auth)).toBe('100.0000');
    expect((await checkLedger(t.deps.db)).problems).toEqual([]);
  });
});
