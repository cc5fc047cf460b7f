import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { postForm, replyHtml, replyJson, startStandInServer, type StandInCall } from './stand-in-http.js';

/*
 * A stand-in Fondy gateway (docs.fondy.eu, API 1.0) for tests and the bench: the checkout URL request
 * (`POST /api/checkout/url/`, JSON `{request: {…, signature}}`) checked as Fondy checks it (merchant_id,
 * signature = SHA-1 of payment key | non-empty values sorted by name, order_id, order_desc, amount in cents,
 * currency, URLs), the checkout page its `checkout_url` names and the reversal (`POST /api/reverse/order_id`, once per
 * reverse_id, answered signed). What a well-behaved merchant would never
 * send goes to `violations`. `notification` builds a server callback signed as Fondy signs them (JSON or form).
 *
 *   const fondy = await startStandInFondy();   // fondy.url, fondy.merchantId, fondy.paymentKey
 *   const { body, contentType } = fondy.notification(orderId, 'approved');
 */

export interface FondyOrder {
  order_id: string;
  amount: number;
  currency: string;
  server_callback_url: string | undefined;
  response_url: string | undefined;
  payment_id: number;
}

export interface FondyReversal {
  /** reverse_id (the idempotency key). */
  key: string;
  order_id: string;
  amount: number;
  transaction_id: number;
}

export interface StandInFondy {
  url: string;
  /** The next `count` API calls get an HTML page with HTTP 200 (stand-in-http). */
  answerHtml(count: number): void;
  merchantId: string;
  paymentKey: string;
  violations: string[];
  orders: Map<string, FondyOrder>;
  calls: StandInCall[];
  reversals: FondyReversal[];
  /** A server callback for an order, signed with the key (default the merchant's). */
  notification(
    orderId: string,
    orderStatus: 'approved' | 'declined' | 'expired' | 'reversed' | 'processing',
    fields?: Record<string, unknown>,
    options?: { key?: string; form?: boolean },
  ): { body: string; contentType: string };
  close(): Promise<void>;
}

/** Fondy's published rule, written here on its own so a mistake in the adapter's copy cannot hide. */
function signatureOf(key: string, params: Record<string, unknown>) {
  const values = Object.entries(params)
    .filter(
      ([name, value]) =>
        name !== 'signature' && name !== 'response_signature_string' && value !== '' && value != null,
    )
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([, value]) => String(value));
  return createHash('sha1')
    .update([key, ...values].join('|'))
    .digest('hex');
}

export async function startStandInFondy(
  options: { merchantId?: string; paymentKey?: string } = {},
): Promise<StandInFondy> {
  const merchantId = options.merchantId ?? '1396424';
  const paymentKey = options.paymentKey ?? 'test';
  const violations: string[] = [];
  const orders = new Map<string, FondyOrder>();
  const calls: StandInCall[] = [];
  const reversals: FondyReversal[] = [];
  let paymentId = 805_000_000;

  const failure = (error_code: number, error_message: string) => ({
    response: { response_status: 'failure', error_code, error_message, request_id: 'stand-in' },
  });

  /** `POST /api/reverse/order_id`: a whole or partial reversal, once per reverse_id; the answer signed. */
  const reverse = (call: StandInCall, res: ServerResponse) => {
    let request: Record<string, unknown> = {};
    try {
      request = (JSON.parse(call.body) as { request?: Record<string, unknown> }).request ?? {};
    } catch {
      // reported below
    }
    const order = orders.get(String(request.order_id));
    const amount = Number(request.amount);
    const problems = [
      !/^application\/json/.test(String(call.headers['content-type'])) &&
        'content-type is not application/json',
      String(request.merchant_id) !== merchantId && 'merchant_id',
      request.signature !== signatureOf(paymentKey, request) && 'bad signature',
      !order && `order_id ${String(request.order_id)} unknown`,
      order &&
        !(Number.isInteger(amount) && amount > 0 && amount <= order.amount) &&
        `amount ${String(request.amount)}`,
      order && request.currency !== order.currency && `currency ${String(request.currency)}`,
    ].filter((problem): problem is string => typeof problem === 'string');
    if (problems.length || !order) {
      violations.push(...problems.map((problem) => `reverse: ${problem}`));
      return replyJson(res, 200, failure(1014, problems.join('; ')));
    }
    const key = String(request.reverse_id ?? `${order.order_id}:${reversals.length}`);
    let reversal = reversals.find((candidate) => candidate.key === key);
    if (!reversal) {
      paymentId += 1;
      reversal = { key, order_id: order.order_id, amount, transaction_id: paymentId };
      reversals.push(reversal);
    }
    const response: Record<string, unknown> = {
      reverse_status: 'approved',
      order_id: order.order_id,
      response_description: '',
      response_code: '',
      merchant_id: Number(merchantId),
      response_status: 'success',
      reverse_id: request.reverse_id ?? '',
      reversal_amount: String(reversal.amount),
      transaction_id: String(reversal.transaction_id),
    };
    replyJson(res, 200, { response: { ...response, signature: signatureOf(paymentKey, response) } });
  };

  /**
   * The hosted checkout a `checkout_url` names: Pay, then (as Fondy does) the browser goes back to `response_url`
   * with a POST of the order's fields, signed; the server callback is the test's to send.
   */
  const checkoutPage = (call: StandInCall, res: ServerResponse) => {
    const token = Number(new URL(call.url, server.url).searchParams.get('token'));
    const order = [...orders.values()].find((candidate) => candidate.payment_id === token);
    if (!order) return replyHtml(res, 'Fondy checkout (stand-in)', '<p>Unknown order.</p>');
    const dollars = `${Math.floor(order.amount / 100)}.${String(order.amount % 100).padStart(2, '0')}`;
    if (call.method === 'GET') {
      return replyHtml(
        res,
        'Fondy checkout (stand-in)',
        `<p>Order ${order.order_id}: ${dollars} ${order.currency}</p>` +
          postForm(`/merchants/stand-in/default/pay?token=${token}`, {}, 'Pay'),
      );
    }
    const back = JSON.parse(standIn.notification(order.order_id, 'approved').body) as Record<string, unknown>;
    const fields = Object.fromEntries(Object.entries(back).map(([name, value]) => [name, String(value)]));
    replyHtml(
      res,
      'Fondy: payment approved (stand-in)',
      order.response_url ? postForm(order.response_url, fields, 'Return to the merchant') : '',
    );
  };

  const server = await startStandInServer((call, res) => {
    calls.push(call);
    if (call.url.startsWith('/merchants/')) return checkoutPage(call, res);
    if (call.method === 'POST' && call.url === '/api/reverse/order_id') return reverse(call, res);
    if (call.method !== 'POST' || call.url !== '/api/checkout/url/') {
      violations.push(`unknown call ${call.method} ${call.url}`);
      return replyJson(res, 404, failure(1002, 'Application error'));
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever the client sent: each field is checked below
    let request: Record<string, any> = {};
    try {
      request = JSON.parse(call.body).request ?? {};
    } catch {
      // reported below
    }
    const problems = [
      !/^application\/json/.test(String(call.headers['content-type'])) &&
        'content-type is not application/json',
      String(request.merchant_id) !== merchantId && 'merchant_id',
      request.signature !== signatureOf(paymentKey, request) && 'bad signature',
      !(typeof request.order_id === 'string' && request.order_id && request.order_id.length <= 1024) &&
        'order_id',
      !(typeof request.order_desc === 'string' && request.order_desc && request.order_desc.length <= 1024) &&
        'order_desc',
      !(
        Number.isInteger(Number(request.amount)) &&
        Number(request.amount) > 0 &&
        !String(request.amount).includes('.')
      ) && `amount ${request.amount} is not whole cents`,
      !['USD', 'EUR', 'UAH', 'GBP', 'CZK'].includes(request.currency) && `currency ${request.currency}`,
      [request.server_callback_url, request.response_url].some(
        (url) =>
          url !== undefined && !(typeof url === 'string' && /^https?:\/\//.test(url) && url.length <= 2048),
      ) && 'server_callback_url/response_url',
    ].filter((problem): problem is string => typeof problem === 'string');
    if (problems.length) {
      violations.push(...problems.map((problem) => `checkout/url: ${problem}`));
      return replyJson(res, 200, failure(1014, problems.join('; ')));
    }
    if (orders.has(request.order_id))
      return replyJson(res, 200, failure(1013, 'Duplicate order_id for merchant'));
    paymentId += 1;
    orders.set(request.order_id, {
      order_id: request.order_id,
      amount: Number(request.amount),
      currency: request.currency,
      server_callback_url: request.server_callback_url,
      response_url: request.response_url,
      payment_id: paymentId,
    });
    replyJson(res, 200, {
      response: {
        response_status: 'success',
        checkout_url: `${server.url}/merchants/stand-in/default/index.html?token=${paymentId}`,
        payment_id: String(paymentId),
      },
    });
  });

  const standIn: StandInFondy = {
    url: server.url,
    merchantId,
    paymentKey,
    violations,
    orders,
    calls,
    reversals,
    notification(orderId, orderStatus, fields = {}, { key = paymentKey, form = false } = {}) {
      const order = orders.get(orderId);
      const amount = String(order?.amount ?? 0);
      const params: Record<string, unknown> = {
        rrn: '111111111111',
        masked_card: '444455XXXXXX1111',
        sender_cell_phone: '',
        sender_account: '',
        currency: order?.currency ?? 'USD',
        fee: '',
        reversal_amount: orderStatus === 'reversed' ? amount : '0',
        settlement_amount: '0',
        actual_amount: amount,
        response_description: '',
        sender_email: 'customer@storelift.test',
        order_status: orderStatus,
        response_status: 'success',
        order_time: '29.11.2026 07:00:00',
        actual_currency: order?.currency ?? 'USD',
        order_id: orderId,
        tran_type: orderStatus === 'reversed' ? 'reverse' : 'purchase',
        eci: '5',
        settlement_date: '',
        payment_system: 'card',
        approval_code: '123456',
        merchant_id: Number(merchantId),
        settlement_currency: '',
        payment_id: order?.payment_id ?? 1,
        card_bin: 444455,
        response_code: '',
        card_type: 'VISA',
        amount,
        product_id: '',
        merchant_data: '',
        rectoken: '',
        rectoken_lifetime: '',
        verification_status: '',
        parent_order_id: '',
        additional_info: JSON.stringify({ capture_status: null, card_type: 'VISA', bank_name: null }),
        ...fields,
      };
      params.signature = signatureOf(key, params);
      return form
        ? {
            body: new URLSearchParams(
              Object.entries(params).map(([name, value]): [string, string] => [name, String(value)]),
            ).toString(),
            contentType: 'application/x-www-form-urlencoded',
          }
        : { body: JSON.stringify(params), contentType: 'application/json; charset=UTF-8' };
    },
    answerHtml: server.answerHtml,
    close: server.close,
  };
  return standIn;
}
