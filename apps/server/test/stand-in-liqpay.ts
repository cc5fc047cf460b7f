import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { postForm, replyHtml, replyJson, startStandInServer, type StandInCall } from './stand-in-http.js';

/*
 * A stand-in LiqPay checkout (liqpay.ua, API 3.0) for tests and the bench: the Client-Server checkout
 * (`/api/3/checkout` by GET or a POSTed form, `data` + `signature`), checked as LiqPay checks it
 * (signature = base64 SHA-1 of private key + data + private key; version 3, our public key, action pay,
 * amount, currency, description, order_id, server_url), and the Server-Server refund (`POST /api/request`, action
 * refund), with whatever a well-behaved merchant would never
 * send recorded in `violations`. `notification` builds the server callback (a form of `data` and
 * `signature`) for the test to post to the order's server_url.
 *
 *   const liqpay = await startStandInLiqPay();   // liqpay.url, liqpay.publicKey, liqpay.privateKey
 *   const body = liqpay.notification(orderId, 'success');
 */

export interface LiqPayOrder {
  order_id: string;
  amount: string;
  currency: string;
  server_url: string;
  result_url: string | undefined;
  sandbox: boolean;
}

export interface StandInLiqPay {
  url: string;
  /** The next `count` API calls get an HTML page with HTTP 200 (stand-in-http). */
  answerHtml(count: number): void;
  publicKey: string;
  privateKey: string;
  violations: string[];
  /** Checkouts opened, by order_id. */
  orders: Map<string, LiqPayOrder>;
  calls: StandInCall[];
  /** Orders refunded through the API, in order. */
  refunds: string[];
  /** The callback form body (`data=…&signature=…`) for an order, signed with the key (default the merchant's). */
  notification(orderId: string, status: string, fields?: Record<string, unknown>, key?: string): string;
  close(): Promise<void>;
}

const signatureOf = (privateKey: string, data: string) =>
  createHash('sha1')
    .update(privateKey + data + privateKey)
    .digest('base64');

export async function startStandInLiqPay(
  options: { publicKey?: string; privateKey?: string } = {},
): Promise<StandInLiqPay> {
  const publicKey = options.publicKey ?? 'sandbox_i00000000';
  const privateKey = options.privateKey ?? 'sandbox_stand-in-private-key';
  const violations: string[] = [];
  const orders = new Map<string, LiqPayOrder>();
  const calls: StandInCall[] = [];
  const refunds: string[] = [];
  let paymentId = 1_000_000;

  /** Server-Server API (`POST /api/request`): the refund action. */
  const serverRequest = (call: StandInCall, res: ServerResponse) => {
    const form = new URLSearchParams(call.body);
    const data = form.get('data') ?? '';
    let params: Record<string, unknown> = {};
    try {
      params = JSON.parse(Buffer.from(data, 'base64').toString('utf8')) as Record<string, unknown>;
    } catch {
      // reported below
    }
    const order = orders.get(String(params.order_id));
    const problems = [
      !/^application\/x-www-form-urlencoded/.test(String(call.headers['content-type'])) && 'not a form',
      form.get('signature') !== signatureOf(privateKey, data) && 'bad signature',
      Number(params.version) !== 3 && 'version is not 3',
      params.public_key !== publicKey && 'public_key is not the merchant’s',
      params.action !== 'refund' && `action ${String(params.action)}`,
      !order && `order_id ${String(params.order_id)} unknown`,
      params.amount !== undefined &&
        !/^\d+(\.\d{1,2})?$/.test(String(params.amount)) &&
        `amount ${String(params.amount)}`,
    ].filter((problem): problem is string => typeof problem === 'string');
    if (problems.length || !order) {
      violations.push(...problems.map((problem) => `request: ${problem}`));
      return replyJson(res, 200, {
        result: 'error',
        err_code: 'invalid_data',
        err_description: problems.join('; '),
      });
    }
    if (refunds.includes(order.order_id)) {
      return replyJson(res, 200, {
        result: 'error',
        err_code: 'payment_err_status',
        err_description: 'already reversed',
      });
    }
    refunds.push(order.order_id);
    paymentId += 1;
    replyJson(res, 200, {
      result: 'ok',
      action: 'refund',
      status: 'reversed',
      payment_id: paymentId,
      order_id: order.order_id,
      amount: Number(params.amount ?? order.amount),
      currency: order.currency,
    });
  };

  const server = await startStandInServer((call, res) => {
    calls.push(call);
    const [path, query = ''] = call.url.split('?');
    if (path === '/api/request' && call.method === 'POST') return serverRequest(call, res);
    if (path !== '/api/3/checkout' || !['GET', 'POST'].includes(call.method)) {
      violations.push(`unknown call ${call.method} ${call.url}`);
      return replyJson(res, 404, { result: 'error', err_code: 'not_found' });
    }
    const form = new URLSearchParams(call.method === 'GET' ? query : call.body);
    const data = form.get('data') ?? '';
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever the client sent: each field is checked below
    let params: Record<string, any> = {};
    try {
      params = JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
    } catch {
      // reported below
    }
    const problems = [
      form.get('signature') !== signatureOf(privateKey, data) && 'bad signature',
      Number(params.version) !== 3 && 'version is not 3',
      params.public_key !== publicKey && 'public_key is not the merchant’s',
      params.action !== 'pay' && `action ${params.action}`,
      !/^\d+(\.\d{1,2})?$/.test(String(params.amount)) && `amount ${params.amount}`,
      !['USD', 'EUR', 'UAH'].includes(params.currency) && `currency ${params.currency}`,
      !(typeof params.description === 'string' && params.description) && 'description',
      !(typeof params.order_id === 'string' && params.order_id.length <= 255 && params.order_id) &&
        'order_id',
      !(typeof params.server_url === 'string' && /^https?:\/\//.test(params.server_url)) && 'server_url',
    ].filter((problem): problem is string => typeof problem === 'string');
    if (problems.length) {
      violations.push(...problems.map((problem) => `checkout: ${problem}`));
      return replyJson(res, 400, {
        result: 'error',
        err_code: 'invalid_data',
        err_description: problems.join('; '),
      });
    }
    orders.set(params.order_id, {
      order_id: params.order_id,
      amount: String(params.amount),
      currency: params.currency,
      server_url: params.server_url,
      result_url: params.result_url,
      sandbox: Number(params.sandbox) === 1,
    });
    // Pay: the browser goes back to result_url with a POST of the payment's signed data, as LiqPay may do (the
    // server callback is the test's to send).
    const back = new URLSearchParams(standIn.notification(params.order_id, 'success'));
    replyHtml(
      res,
      'LiqPay checkout (stand-in)',
      `<p>Order ${params.order_id}: ${params.amount} ${params.currency}</p>` +
        (params.result_url ? postForm(params.result_url, Object.fromEntries(back), 'Pay') : ''),
    );
  });

  const standIn: StandInLiqPay = {
    url: server.url,
    publicKey,
    privateKey,
    violations,
    orders,
    calls,
    refunds,
    notification(orderId, status, fields = {}, key = privateKey) {
      const order = orders.get(orderId);
      paymentId += 1;
      const data = Buffer.from(
        JSON.stringify({
          payment_id: paymentId,
          action: 'pay',
          status,
          version: 3,
          type: 'buy',
          paytype: 'card',
          public_key: publicKey,
          acq_id: 414963,
          order_id: orderId,
          liqpay_order_id: `SL${paymentId}`,
          description: 'Storelift balance top-up',
          sender_card_mask2: '424242*42',
          // LiqPay sends the amount as a JSON number.
          amount: Number(order?.amount ?? 0),
          currency: order?.currency ?? 'USD',
          create_date: Date.now(),
          end_date: Date.now(),
          transaction_id: paymentId,
          ...fields,
        }),
      ).toString('base64');
      return new URLSearchParams({ data, signature: signatureOf(key, data) }).toString();
    },
    answerHtml: server.answerHtml,
    close: server.close,
  };
  return standIn;
}
