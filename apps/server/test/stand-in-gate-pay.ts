import { createHmac, randomBytes } from 'node:crypto';
import {
  replyHtml,
  replyJson,
  signedJsonBody,
  startStandInServer,
  type StandInCall,
} from './stand-in-http.js';

/*
 * A stand-in Gate Pay merchant API (docs.gate.com, GatePay API) for tests and the bench: the prepay order
 * (`POST /v1/pay/order`), its close (`POST /v1/pay/order/close`) and the hosted cashier page the order's
 * `location` names. It checks every request as Gate Pay does (ClientId, a timestamp within 10 s, an
 * alphanumeric nonce, the HMAC-SHA512 signature of "timestamp\nnonce\nbody\n" under the Payment API Secret,
 * the body's fields) and records what a well-behaved client would never send in `violations`. `notification`
 * builds a callback signed as Gate Pay signs them, for the test to post to the merchant's callback URL.
 *
 *   const gate = await startStandInGatePay();   // gate.url, gate.clientId, gate.apiKey
 *   const { headers, body } = gate.notification(tradeNo, 'PAY_SUCCESS');
 */

export interface GatePayOrder {
  prepayId: string;
  merchantTradeNo: string;
  currency: string;
  orderAmount: string;
  returnUrl: string | undefined;
  cancelUrl: string | undefined;
  status: 'PENDING' | 'CLOSED';
}

export interface StandInGatePay {
  url: string;
  /** The next `count` API calls get an HTML page with HTTP 200 (stand-in-http). */
  answerHtml(count: number): void;
  clientId: string;
  apiKey: string;
  violations: string[];
  /** Prepay orders by merchantTradeNo. */
  orders: Map<string, GatePayOrder>;
  /** Every call, as received. */
  calls: StandInCall[];
  /** A callback of `bizType` PAY for an order, signed with the key (default the merchant's): the JSON body and headers. */
  notification(
    merchantTradeNo: string,
    bizStatus: 'PAY_SUCCESS' | 'PAY_CLOSE' | 'PAY_ERROR',
    order?: Record<string, unknown>,
    key?: string,
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const sign = (key: string, timestamp: string, nonce: string, body: string) =>
  createHmac('sha512', key).update(`${timestamp}\n${nonce}\n${body}\n`).digest('hex');

export async function startStandInGatePay(
  options: { clientId?: string; apiKey?: string } = {},
): Promise<StandInGatePay> {
  const clientId = options.clientId ?? 'stand-in-client';
  const apiKey = options.apiKey ?? 'stand-in-payment-secret';
  const violations: string[] = [];
  const orders = new Map<string, GatePayOrder>();
  const calls: StandInCall[] = [];
  let sequence = 65466648727916544n;

  /** The signed-header checks of every merchant request; answers the parsed body or null (a violation). */
  const verified = (call: StandInCall): Record<string, unknown> | null => {
    const header = (name: string) => call.headers[name] as string | undefined;
    const timestamp = header('x-gatepay-timestamp') ?? '';
    const nonce = header('x-gatepay-nonce') ?? '';
    const problems = [
      call.method !== 'POST' && `method ${call.method}`,
      !/^application\/json/.test(header('content-type') ?? '') && 'content-type is not application/json',
      header('x-gatepay-certificate-clientid') !== clientId && 'wrong X-GatePay-Certificate-ClientId',
      !(Math.abs(Date.now() - Number(timestamp)) <= 10_000) && `timestamp ${timestamp} not within 10 s (ms)`,
      !/^[A-Za-z0-9]{1,32}$/.test(nonce) && `nonce ${nonce} is not 1-32 letters and digits`,
      header('x-gatepay-signature') !== sign(apiKey, timestamp, nonce, call.body) &&
        'bad X-GatePay-Signature',
    ].filter((problem): problem is string => typeof problem === 'string');
    return signedJsonBody(call, problems, violations);
  };

  const fail = (code: string, errorMessage: string) => ({
    status: 'FAIL',
    code,
    label: 'Parameter error',
    errorMessage,
    data: null,
  });

  const server = await startStandInServer((call, res) => {
    calls.push(call);
    const path = call.url.split('?')[0];
    if (call.method === 'GET' && path === '/cashier') {
      // The cashier: links back to the order's returnUrl (paid) and cancelUrl (left); the callback is the test's.
      const prepayId = new URL(call.url, server.url).searchParams.get('prepayid');
      const order = [...orders.values()].find((candidate) => candidate.prepayId === prepayId);
      const link = (href: string | undefined, text: string) =>
        href ? `<p><a href="${href}">${text}</a></p>` : '';
      return replyHtml(
        res,
        'Gate Pay cashier (stand-in)',
        order
          ? `<p>${order.orderAmount} ${order.currency}</p>${link(order.returnUrl, 'Paid: back to the merchant')}${link(order.cancelUrl, 'Cancel')}`
          : '<p>Unknown order.</p>',
      );
    }
    const body = verified(call);
    if (!body) return replyJson(res, 200, fail('400002', 'signature verification failed'));
    if (path === '/v1/pay/order') {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- whatever the client sent: each field is checked below
      const fields = body as Record<string, any>;
      const { merchantTradeNo, env, currency, orderAmount, goods, returnUrl, cancelUrl } = fields;
      const problems = [
        !(typeof merchantTradeNo === 'string' && /^[A-Za-z0-9_-]{5,32}$/.test(merchantTradeNo)) &&
          'merchantTradeNo is not 5-32 letters, digits, - or _',
        !['APP', 'WEB', 'WAP', 'MINIAPP', 'OTHERS'].includes(env?.terminalType) && 'env.terminalType',
        typeof currency !== 'string' && 'currency',
        !(
          typeof orderAmount === 'string' &&
          /^\d+(\.\d{1,2})?$/.test(orderAmount) &&
          Number(orderAmount) > 0
        ) && 'orderAmount is not a positive decimal string',
        !(typeof goods?.goodsName === 'string' && goods.goodsName) && 'goods.goodsName',
        [returnUrl, cancelUrl].some(
          (url) => url !== undefined && (typeof url !== 'string' || url.length > 256),
        ) && 'returnUrl/cancelUrl longer than 256',
      ].filter((problem): problem is string => typeof problem === 'string');
      if (problems.length) {
        violations.push(...problems.map((problem) => `/v1/pay/order: ${problem}`));
        return replyJson(res, 200, fail('300001', problems.join('; ')));
      }
      if (orders.has(merchantTradeNo)) return replyJson(res, 200, fail('400007', 'merchantTradeNo exists'));
      sequence += 1n;
      const order: GatePayOrder = {
        prepayId: String(sequence),
        merchantTradeNo,
        currency,
        orderAmount,
        returnUrl,
        cancelUrl,
        status: 'PENDING',
      };
      orders.set(merchantTradeNo, order);
      return replyJson(res, 200, {
        status: 'SUCCESS',
        code: '000000',
        errorMessage: '',
        data: {
          prepayId: order.prepayId,
          terminalType: env.terminalType,
          expireTime: Date.now() + 3_600_000,
          qrContent: `${server.url}/qr/${order.prepayId}`,
          location: `${server.url}/cashier?prepayid=${order.prepayId}`,
        },
      });
    }
    if (path === '/v1/pay/order/close') {
      const order = [...orders.values()].find(
        (candidate) =>
          candidate.prepayId === body.prepayId || candidate.merchantTradeNo === body.merchantTradeNo,
      );
      if (!order) return replyJson(res, 200, fail('400020', 'order not exist'));
      order.status = 'CLOSED';
      return replyJson(res, 200, {
        status: 'SUCCESS',
        code: '000000',
        errorMessage: '',
        data: { result: 'SUCCESS' },
      });
    }
    violations.push(`unknown call ${call.method} ${call.url}`);
    replyJson(res, 404, fail('404', 'not found'));
  });

  return {
    url: server.url,
    clientId,
    apiKey,
    violations,
    orders,
    calls,
    notification(merchantTradeNo, bizStatus, order = {}, key = apiKey) {
      const known = orders.get(merchantTradeNo);
      const body = JSON.stringify({
        bizType: 'PAY',
        bizId: known?.prepayId ?? '1',
        bizStatus,
        client_id: clientId,
        data: JSON.stringify({
          merchantTradeNo,
          productType: '',
          productName: 'Storelift balance top-up',
          tradeType: 'WEB',
          goodsName: 'Storelift balance top-up',
          terminalType: 'WEB',
          currency: known?.currency ?? 'USDT',
          totalFee: known?.orderAmount ?? '0',
          orderAmount: known?.orderAmount ?? '0',
          createTime: Date.now(),
          transactionId: String(Date.now()),
          ...order,
        }),
      });
      const timestamp = String(Date.now());
      const nonce = randomBytes(8).toString('hex');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-gatepay-timestamp': timestamp,
          'x-gatepay-nonce': nonce,
          'x-gatepay-signature': sign(key, timestamp, nonce, body),
        },
      };
    },
    answerHtml: server.answerHtml,
    close: server.close,
  };
}
