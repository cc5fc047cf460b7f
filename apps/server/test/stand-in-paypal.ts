import {
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { ServerResponse } from 'node:http';
import { replyJson, startStandInServer, type StandInCall } from './stand-in-http.js';

/*
 * A stand-in PayPal REST API (developer.paypal.com: OAuth2 token, Orders v2, Payments v2 captures and refunds,
 * webhook signature verification) for tests, the browser journey and the bench. It checks every request as
 * PayPal does (Basic credentials for a token, the Bearer token it issued, PayPal-Request-Id on every POST, the
 * order's fields) and records what a well-behaved client would never send in `violations`. Its hosted approval
 * page (`/checkoutnow?token=…`) approves or cancels an order and sends the browser to the order's return or
 * cancel URL with `token` (and `PayerID`), as PayPal does. `notification` builds a webhook delivery signed as
 * PayPal signs them (RSA-SHA256 over "transmission id|time|webhook id|CRC32 of the body"), which only its
 * verify-webhook-signature call can check; `key` signs with another key (a forgery).
 *
 *   const paypal = await startStandInPayPal();   // paypal.url, .clientId, .clientSecret, .webhookId
 *   await paypal.approve(orderId);               // the buyer approving at PayPal
 *   const { headers, body } = paypal.notification('PAYMENT.CAPTURE.COMPLETED', capture);
 */

export interface PayPalStandInCapture {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED';
  amount: { currency_code: string; value: string };
  custom_id: string | undefined;
  supplementary_data: { related_ids: { order_id: string } };
  refunds: { id: string; status: 'COMPLETED'; amount: { currency_code: string; value: string } }[];
}

export interface PayPalStandInOrder {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED' | 'VOIDED';
  /** The purchase unit as the client sent it. */
  unit: { reference_id?: string; custom_id?: string; amount: { currency_code: string; value: string } };
  returnUrl: string;
  cancelUrl: string;
  capture: PayPalStandInCapture | null;
}

export interface StandInPayPal {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  violations: string[];
  calls: StandInCall[];
  orders: Map<string, PayPalStandInOrder>;
  /** How the next capture ends (default COMPLETED). */
  captureStatus: PayPalStandInCapture['status'];
  /** Refunds are refused (422) while set. */
  refusingRefunds: boolean;
  /** The buyer approving the order at PayPal. */
  approve(orderId: string): void;
  /** A webhook delivery of an event whose resource is given: headers and the exact body. */
  notification(
    eventType: string,
    resource: Record<string, unknown>,
    options?: { key?: KeyObject; webhookId?: string },
  ): { body: string; headers: Record<string, string> };
  /** A capture's webhook resource as PayPal sends it (PAYMENT.CAPTURE.*). */
  captureResource(capture: PayPalStandInCapture): Record<string, unknown>;
  close(): Promise<void>;
}

/** PayPal's error body. */
const paypalError = (res: ServerResponse, status: number, name: string, issue: string) =>
  replyJson(res, status, {
    name,
    message: issue,
    debug_id: randomBytes(6).toString('hex'),
    details: [{ issue, description: issue }],
  });

const MONEY = /^\d{1,10}(\.\d{2})?$/;

/** Another key, for forged deliveries. */
export const forgedPayPalKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

export async function startStandInPayPal(
  options: { clientId?: string; clientSecret?: string; webhookId?: string } = {},
): Promise<StandInPayPal> {
  const clientId = options.clientId ?? 'stand-in-client-id';
  const clientSecret = options.clientSecret ?? 'stand-in-client-secret';
  const webhookId = options.webhookId ?? '8PT597110X687430LKGECATA';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const violations: string[] = [];
  const calls: StandInCall[] = [];
  const orders = new Map<string, PayPalStandInOrder>();
  const captures = new Map<string, PayPalStandInCapture>();
  const tokens = new Set<string>();
  /** Answers already given per PayPal-Request-Id (PayPal's idempotency): the same request gets the same answer. */
  const answered = new Map<string, { status: number; body: unknown }>();
  const id = () => randomBytes(9).toString('hex').toUpperCase().slice(0, 17);

  const header = (call: StandInCall, name: string) => call.headers[name] as string | undefined;
  const violation = (call: StandInCall, problem: string) =>
    violations.push(`${call.method} ${call.url}: ${problem}`);

  /** A Bearer call with a JSON body where it posts one; null (and a violation) when it is not one. */
  const authorized = (call: StandInCall): boolean => {
    const token = /^Bearer (.+)$/.exec(header(call, 'authorization') ?? '')?.[1];
    if (!token || !tokens.has(token)) {
      violation(call, 'no Bearer token this stand-in issued');
      return false;
    }
    if (call.method === 'POST') {
      if (!/^application\/json/.test(header(call, 'content-type') ?? ''))
        violation(call, 'content-type is not JSON');
      if (!/^verify-webhook/.test(call.url.split('/').at(-1)!) && !header(call, 'paypal-request-id')) {
        violation(call, 'no PayPal-Request-Id');
      }
    }
    return true;
  };

  const orderView = (order: PayPalStandInOrder) => ({
    id: order.id,
    intent: 'CAPTURE',
    status: order.status,
    purchase_units: [
      {
        reference_id: order.unit.reference_id,
        custom_id: order.unit.custom_id,
        amount: order.unit.amount,
        ...(order.capture && { payments: { captures: [captureView(order.capture)] } }),
      },
    ],
    links: [
      { href: `${server.url}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' },
      ...(order.status === 'PAYER_ACTION_REQUIRED'
        ? [{ href: `${server.url}/checkoutnow?token=${order.id}`, rel: 'payer-action', method: 'GET' }]
        : []),
    ],
  });
  const captureView = (capture: PayPalStandInCapture) => ({
    id: capture.id,
    status: capture.status,
    amount: capture.amount,
    custom_id: capture.custom_id,
    final_capture: true,
    supplementary_data: capture.supplementary_data,
    links: [{ href: `${server.url}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' }],
  });

  const createOrder = (call: StandInCall, body: Record<string, unknown>) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever the client sent: each field is checked below
    const fields = body as Record<string, any>;
    const unit = fields.purchase_units?.[0];
    const context = fields.payment_source?.paypal?.experience_context;
    const problems = [
      fields.intent !== 'CAPTURE' && `intent ${String(fields.intent)}`,
      !(Array.isArray(fields.purchase_units) && fields.purchase_units.length === 1) &&
        'purchase_units is not one unit',
      unit?.amount?.currency_code !== 'USD' && 'amount.currency_code is not USD',
      !(typeof unit?.amount?.value === 'string' && MONEY.test(unit.amount.value)) &&
        'amount.value is not a decimal string with 2 decimals',
      !(typeof unit?.custom_id === 'string' && unit.custom_id.length <= 127) && 'custom_id',
      !(typeof unit?.reference_id === 'string' && unit.reference_id.length <= 256) && 'reference_id',
      !/^https?:\/\//.test(context?.return_url ?? '') && 'experience_context.return_url',
      !/^https?:\/\//.test(context?.cancel_url ?? '') && 'experience_context.cancel_url',
      context?.user_action !== 'PAY_NOW' && 'experience_context.user_action is not PAY_NOW',
    ].filter((problem): problem is string => typeof problem === 'string');
    if (problems.length) {
      problems.forEach((problem) => violation(call, problem));
      return {
        status: 400,
        body: { name: 'INVALID_REQUEST', details: problems.map((issue) => ({ issue })) },
      };
    }
    const order: PayPalStandInOrder = {
      id: id(),
      status: 'PAYER_ACTION_REQUIRED',
      unit: { reference_id: unit.reference_id, custom_id: unit.custom_id, amount: unit.amount },
      returnUrl: context.return_url,
      cancelUrl: context.cancel_url,
      capture: null,
    };
    orders.set(order.id, order);
    return { status: 200, body: orderView(order) };
  };

  const captureOrder = (order: PayPalStandInOrder) => {
    if (order.status === 'COMPLETED') {
      return {
        status: 422,
        body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_ALREADY_CAPTURED' }] },
      };
    }
    if (order.status !== 'APPROVED') {
      return {
        status: 422,
        body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'ORDER_NOT_APPROVED' }] },
      };
    }
    const capture: PayPalStandInCapture = {
      id: id(),
      status: standIn.captureStatus,
      amount: order.unit.amount,
      custom_id: order.unit.custom_id,
      supplementary_data: { related_ids: { order_id: order.id } },
      refunds: [],
    };
    captures.set(capture.id, capture);
    order.capture = capture;
    order.status = 'COMPLETED';
    return { status: 201, body: orderView(order) };
  };

  const refundCapture = (call: StandInCall, capture: PayPalStandInCapture, body: Record<string, unknown>) => {
    const amount = body.amount as { currency_code?: string; value?: string } | undefined;
    if (
      amount &&
      (amount.currency_code !== capture.amount.currency_code || !MONEY.test(amount.value ?? ''))
    ) {
      violation(call, 'refund amount is not a money object in the capture currency');
    }
    if (standIn.refusingRefunds || capture.status !== 'COMPLETED' || capture.refunds.length) {
      return {
        status: 422,
        body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'CAPTURE_FULLY_REFUNDED' }] },
      };
    }
    const refund = {
      id: id(),
      status: 'COMPLETED' as const,
      amount: amount as PayPalStandInCapture['amount'],
    };
    capture.refunds.push(refund);
    return {
      status: 201,
      body: {
        ...refund,
        links: [
          { href: `${server.url}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
          { href: `${server.url}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
        ],
      },
    };
  };

  /** The signature PayPal puts on a delivery: RSA-SHA256 of "transmission id|time|webhook id|CRC32(body)". */
  const signedString = (transmissionId: string, time: string, hookId: string, body: string) =>
    `${transmissionId}|${time}|${hookId}|${crc32(Buffer.from(body))}`;

  const verifyWebhook = (call: StandInCall) => {
    let fields: Record<string, unknown>;
    try {
      fields = JSON.parse(call.body) as Record<string, unknown>;
    } catch {
      violation(call, 'body is not JSON');
      return { status: 400, body: { name: 'INVALID_REQUEST' } };
    }
    const missing = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
    ]
      .filter((name) => typeof fields[name] !== 'string' || !fields[name])
      .concat(fields.webhook_event && typeof fields.webhook_event === 'object' ? [] : ['webhook_event']);
    if (missing.length) {
      violation(call, `missing ${missing.join(', ')}`);
      return { status: 400, body: { name: 'VALIDATION_ERROR' } };
    }
    // The event as the client sent it back: PayPal's CRC32 is over the delivery's bytes.
    const raw = /"webhook_event":([\s\S]*)}$/.exec(call.body)?.[1] ?? JSON.stringify(fields.webhook_event);
    const signed = signedString(
      String(fields.transmission_id),
      String(fields.transmission_time),
      String(fields.webhook_id),
      raw,
    );
    const good =
      fields.auth_algo === 'SHA256withRSA' &&
      fields.webhook_id === webhookId &&
      createVerify('RSA-SHA256').update(signed).verify(publicKey, String(fields.transmission_sig), 'base64');
    return { status: 200, body: { verification_status: good ? 'SUCCESS' : 'FAILURE' } };
  };

  const server = await startStandInServer((call, res) => {
    calls.push(call);
    const [path, query = ''] = call.url.split('?');
    const params = new URLSearchParams(query);
    if (call.method === 'GET' && path === '/checkoutnow') return approvalPage(res, params.get('token') ?? '');
    if (call.method === 'POST' && path === '/checkoutnow') {
      const form = new URLSearchParams(call.body);
      const order = orders.get(form.get('token') ?? '');
      if (!order) return paypalError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
      const approved = form.get('action') === 'approve';
      if (approved) order.status = 'APPROVED';
      const back = new URL(approved ? order.returnUrl : order.cancelUrl);
      back.searchParams.set('token', order.id);
      if (approved) back.searchParams.set('PayerID', 'STANDINPAYER1');
      res.statusCode = 303;
      res.setHeader('location', back.toString());
      res.end();
      return;
    }
    if (call.method === 'POST' && path === '/v1/oauth2/token') {
      const basic = /^Basic (.+)$/.exec(header(call, 'authorization') ?? '')?.[1];
      const given = basic ? Buffer.from(basic, 'base64').toString() : '';
      if (!/^application\/x-www-form-urlencoded/.test(header(call, 'content-type') ?? '')) {
        violation(call, 'content-type is not a form');
      }
      if (new URLSearchParams(call.body).get('grant_type') !== 'client_credentials') {
        violation(call, 'grant_type is not client_credentials');
      }
      if (given !== `${clientId}:${clientSecret}`) {
        violation(call, 'wrong Basic credentials');
        return replyJson(res, 401, {
          error: 'invalid_client',
          error_description: 'Client Authentication failed',
        });
      }
      const token = `A21AA${randomBytes(24).toString('hex')}`;
      tokens.add(token);
      return replyJson(res, 200, {
        scope: 'https://uri.paypal.com/services/payments/payment',
        access_token: token,
        token_type: 'Bearer',
        app_id: 'APP-80W284485P519543T',
        expires_in: 32400,
        nonce: `${new Date().toISOString()}${randomUUID()}`,
      });
    }
    if (!authorized(call)) return paypalError(res, 401, 'AUTHENTICATION_FAILURE', 'INVALID_TOKEN');
    let body: Record<string, unknown> = {};
    if (call.method === 'POST') {
      try {
        body = JSON.parse(call.body || '{}') as Record<string, unknown>;
      } catch {
        violation(call, 'body is not JSON');
        return paypalError(res, 400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON');
      }
    }
    const requestId = header(call, 'paypal-request-id');
    const idempotent = (key: string, answer: () => { status: number; body: unknown }) => {
      const known = requestId && answered.get(`${key}:${requestId}`);
      const result = known || answer();
      if (requestId) answered.set(`${key}:${requestId}`, result);
      return replyJson(res, result.status, result.body);
    };
    if (call.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const result = verifyWebhook(call);
      return replyJson(res, result.status, result.body);
    }
    if (call.method === 'POST' && path === '/v2/checkout/orders') {
      return idempotent('order', () => createOrder(call, body));
    }
    const orderPath = /^\/v2\/checkout\/orders\/([A-Z0-9]+)(\/capture)?$/.exec(path!);
    const order = orderPath && orders.get(orderPath[1]!);
    if (orderPath && !order) return paypalError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    if (order && call.method === 'GET' && !orderPath![2]) return replyJson(res, 200, orderView(order));
    if (order && call.method === 'POST' && orderPath![2])
      return idempotent('capture', () => captureOrder(order));
    const capturePath = /^\/v2\/payments\/captures\/([A-Z0-9]+)(\/refund)?$/.exec(path!);
    const capture = capturePath && captures.get(capturePath[1]!);
    if (capturePath && !capture) return paypalError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    if (capture && call.method === 'GET' && !capturePath![2])
      return replyJson(res, 200, captureView(capture));
    if (capture && call.method === 'POST' && capturePath![2]) {
      return idempotent('refund', () => refundCapture(call, capture, body));
    }
    violation(call, 'unknown call');
    return paypalError(res, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
  });

  /** PayPal's approval page: the order's total and two buttons (a form posting back here). */
  function approvalPage(res: ServerResponse, token: string): void {
    const order = orders.get(token);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    if (!order) {
      res.statusCode = 404;
      res.end(
        '<!doctype html><html lang="en"><head><title>PayPal</title></head><body>Unknown order</body></html>',
      );
      return;
    }
    res.end(
      `<!doctype html><html lang="en"><head><title>PayPal (stand-in)</title></head><body><main>` +
        `<h1>Pay with PayPal (stand-in)</h1><p>Total: ${order.unit.amount.value} ${order.unit.amount.currency_code}</p>` +
        `<form method="post" action="/checkoutnow"><input type="hidden" name="token" value="${order.id}">` +
        `<button name="action" value="approve">Complete purchase</button>` +
        `<button name="action" value="cancel">Cancel and return</button></form></main></body></html>`,
    );
  }

  const standIn: StandInPayPal = {
    url: server.url,
    clientId,
    clientSecret,
    webhookId,
    violations,
    calls,
    orders,
    captureStatus: 'COMPLETED',
    refusingRefunds: false,
    approve(orderId) {
      const order = orders.get(orderId);
      if (!order) throw new Error(`no order ${orderId}`);
      order.status = 'APPROVED';
    },
    captureResource: (capture) => captureView(capture),
    notification(eventType, resource, { key = privateKey, webhookId: hookId = webhookId } = {}) {
      const body = JSON.stringify({
        id: `WH-${id()}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: eventType.startsWith('PAYMENT.CAPTURE.REFUNDED') ? 'refund' : 'capture',
        resource_version: '2.0',
        event_type: eventType,
        summary: `Stand-in ${eventType}`,
        resource,
      });
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      const signature = createSign('RSA-SHA256')
        .update(signedString(transmissionId, time, hookId, body))
        .sign(key, 'base64');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${server.url}/v1/notifications/certs/CERT-360caa42-stand-in`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': signature,
          'paypal-transmission-time': time,
        },
      };
    },
    close: server.close,
  };
  return standIn;
}
