import { createHash, createHmac, createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import {
  replyHtml,
  replyJson,
  signedJsonBody,
  startStandInServer,
  type StandInCall,
} from './stand-in-http.js';

/*
 * A stand-in Binance Pay merchant API (developers.binance.com/docs/binance-pay) for tests and the bench: the
 * order (`POST /binancepay/openapi/v3/order`), its close (`POST /binancepay/openapi/order/close`), the webhook
 * certificates (`POST /binancepay/openapi/certificates`) and the hosted checkout the order's `checkoutUrl`
 * names. Every request is checked as Binance Pay checks it (BinancePay-Certificate-SN = the API key, a
 * millisecond timestamp within 10 s (Binance: 1 s; a loaded test machine needs more), a nonce of 32 letters or digits, BinancePay-Signature = upper-case hex
 * HMAC-SHA512 of "timestamp\nnonce\nbody\n" under the secret key, then the body's fields); what a well-behaved
 * merchant would never send goes to `violations`. Webhooks are signed as Binance signs them: SHA256withRSA
 * (base64) of "timestamp\nnonce\nbody\n" with the stand-in's RSA key, whose serial (the MD5 of its public key)
 * goes in BinancePay-Certificate-SN; `rotateKey` replaces that key, as Binance does now and then.
 *
 *   const binance = await startStandInBinancePay();   // binance.url, binance.apiKey, binance.secret
 *   const { body, headers } = binance.notification(tradeNo, 'PAY_SUCCESS');
 */

export interface BinancePayOrder {
  prepayId: string;
  merchantTradeNo: string;
  orderAmount: number;
  currency: string;
  returnUrl: string | undefined;
  cancelUrl: string | undefined;
  webhookUrl: string | undefined;
  status: 'INITIAL' | 'CLOSED';
}

export interface StandInBinancePay {
  url: string;
  apiKey: string;
  secret: string;
  violations: string[];
  /** Orders by merchantTradeNo. */
  orders: Map<string, BinancePayOrder>;
  calls: StandInCall[];
  /** The serial of the current webhook key. */
  readonly serial: string;
  /** A new webhook key and serial; the certificates call answers only the new one. */
  rotateKey(): void;
  /**
   * A webhook of `bizType` PAY for an order (`data` overrides fields of the order's data), signed with the
   * current key, or with a key of its own (`forged`: a signature Binance did not make).
   */
  notification(
    merchantTradeNo: string,
    bizStatus: 'PAY_SUCCESS' | 'PAY_CLOSED',
    data?: Record<string, unknown>,
    options?: { forged?: boolean },
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

const newKey = () => {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certPublic = publicKey.export({ type: 'spki', format: 'pem' }).toString();
  return { privateKey, certPublic, serial: createHash('md5').update(certPublic).digest('hex') };
};

const requestSignature = (secret: string, timestamp: string, nonce: string, body: string) =>
  createHmac('sha512', secret).update(`${timestamp}\n${nonce}\n${body}\n`).digest('hex').toUpperCase();

const TERMINAL_TYPES = ['APP', 'WEB', 'WAP', 'MINI_PROGRAM', 'OTHERS'];
const isUrl = (value: unknown) =>
  typeof value === 'string' && value.length <= 256 && /^https?:\/\/\S+$/.test(value);

export async function startStandInBinancePay(
  options: { apiKey?: string; secret?: string } = {},
): Promise<StandInBinancePay> {
  const apiKey = options.apiKey ?? 'stand-in-binance-pay-api-key';
  const secret = options.secret ?? 'stand-in-binance-pay-secret';
  const violations: string[] = [];
  const orders = new Map<string, BinancePayOrder>();
  const calls: StandInCall[] = [];
  let key = newKey();
  let sequence = 29383937493038367292n;

  const fail = (code: string, errorMessage: string) => ({ status: 'FAIL', code, errorMessage });
  const success = (data: unknown) => ({ status: 'SUCCESS', code: '000000', data });

  /** The signed-header checks of every merchant request; answers the parsed body or null (a violation). */
  const verified = (call: StandInCall): Record<string, unknown> | null => {
    const header = (name: string) => call.headers[name] as string | undefined;
    const timestamp = header('binancepay-timestamp') ?? '';
    const nonce = header('binancepay-nonce') ?? '';
    const problems = [
      call.method !== 'POST' && `method ${call.method}`,
      !/^application\/json/.test(header('content-type') ?? '') && 'content-type is not application/json',
      header('binancepay-certificate-sn') !== apiKey && 'wrong BinancePay-Certificate-SN',
      !(/^\d{13}$/.test(timestamp) && Math.abs(Date.now() - Number(timestamp)) <= 10_000) &&
        `timestamp ${timestamp} is not milliseconds within 10 s`,
      !/^[A-Za-z0-9]{32}$/.test(nonce) && `nonce ${nonce} is not 32 letters or digits`,
      header('binancepay-signature') !== requestSignature(secret, timestamp, nonce, call.body) &&
        'bad BinancePay-Signature',
    ].filter((problem): problem is string => typeof problem === 'string');
    return signedJsonBody(call, problems, violations);
  };

  /** The v3 order's fields, checked as the documentation states them. */
  const orderProblems = (body: Record<string, unknown>) => {
    const { env, merchantTradeNo, orderAmount, currency, description, goodsDetails } = body;
    const goods = Array.isArray(goodsDetails) ? (goodsDetails as Record<string, unknown>[]) : null;
    return [
      !TERMINAL_TYPES.includes((env as { terminalType?: string } | undefined)?.terminalType ?? '') &&
        'env.terminalType',
      !(typeof merchantTradeNo === 'string' && /^[A-Za-z0-9]{1,32}$/.test(merchantTradeNo)) &&
        'merchantTradeNo is not 1-32 letters or digits',
      !(
        typeof orderAmount === 'number' &&
        orderAmount >= 0.00000001 &&
        /^\d+(\.\d{1,8})?$/.test(String(orderAmount))
      ) && 'orderAmount is not a number with at most 8 decimals',
      !(typeof currency === 'string' && /^[A-Z0-9]{2,10}$/.test(currency)) && 'currency is not upper case',
      !(typeof description === 'string' && description.length > 0 && description.length <= 256) &&
        'description is not 1-256 characters',
      goodsDetails !== undefined &&
        !goods?.every(
          (item) =>
            ['01', '02'].includes(item.goodsType as string) &&
            typeof item.goodsCategory === 'string' &&
            typeof item.referenceGoodsId === 'string' &&
            typeof item.goodsName === 'string',
        ) &&
        'goodsDetails',
      ...(['returnUrl', 'cancelUrl', 'webhookUrl'] as const).map(
        (name) => body[name] !== undefined && !isUrl(body[name]) && `${name} is not an http(s) URL of ≤ 256`,
      ),
    ].filter((problem): problem is string => typeof problem === 'string');
  };

  const server = await startStandInServer((call, res) => {
    calls.push(call);
    const path = call.url.split('?')[0];
    if (call.method === 'GET' && path?.startsWith('/checkout/')) {
      return replyHtml(res, 'Binance Pay checkout (stand-in)');
    }
    const body = verified(call);
    if (!body) return replyJson(res, 200, fail('400002', 'Signature for this request is not valid.'));
    if (path === '/binancepay/openapi/certificates') {
      return replyJson(res, 200, success([{ certSerial: key.serial, certPublic: key.certPublic }]));
    }
    if (path === '/binancepay/openapi/v3/order') {
      const problems = orderProblems(body);
      if (problems.length) {
        violations.push(...problems.map((problem) => `${path}: ${problem}`));
        return replyJson(res, 200, fail('400000', problems.join('; ')));
      }
      const merchantTradeNo = body.merchantTradeNo as string;
      if (orders.has(merchantTradeNo)) {
        return replyJson(res, 200, fail('400201', 'merchantTradeNo is invalid or duplicated'));
      }
      sequence += 1n;
      const order: BinancePayOrder = {
        prepayId: String(sequence),
        merchantTradeNo,
        orderAmount: body.orderAmount as number,
        currency: body.currency as string,
        returnUrl: body.returnUrl as string | undefined,
        cancelUrl: body.cancelUrl as string | undefined,
        webhookUrl: body.webhookUrl as string | undefined,
        status: 'INITIAL',
      };
      orders.set(merchantTradeNo, order);
      const checkoutUrl = `${server.url}/checkout/${order.prepayId}`;
      return replyJson(
        res,
        200,
        success({
          prepayId: order.prepayId,
          terminalType: 'WEB',
          expireTime: Date.now() + 3_600_000,
          qrcodeLink: `${server.url}/qr/${order.prepayId}.jpg`,
          qrContent: checkoutUrl,
          checkoutUrl,
          deeplink: `bnc://app.binance.com/payment/secpay?tempToken=${order.prepayId}`,
          universalUrl: `${server.url}/universal/${order.prepayId}`,
          totalFee: String(order.orderAmount),
          currency: order.currency,
        }),
      );
    }
    if (path === '/binancepay/openapi/order/close') {
      const order = [...orders.values()].find(
        (candidate) =>
          candidate.prepayId === body.prepayId || candidate.merchantTradeNo === body.merchantTradeNo,
      );
      if (!order) return replyJson(res, 200, fail('400202', 'Order not found.'));
      order.status = 'CLOSED';
      return replyJson(res, 200, success(true));
    }
    violations.push(`unknown call ${call.method} ${call.url}`);
    replyJson(res, 404, fail('404', 'not found'));
  });

  return {
    url: server.url,
    apiKey,
    secret,
    violations,
    orders,
    calls,
    get serial() {
      return key.serial;
    },
    rotateKey() {
      key = newKey();
    },
    notification(merchantTradeNo, bizStatus, data = {}, { forged = false } = {}) {
      const order = orders.get(merchantTradeNo);
      const prepayId = order?.prepayId ?? '29383937493038367999';
      // bizId is a long beyond a double's precision, as Binance sends it; bizIdStr is its exact text.
      const body = `{"bizType":"PAY","data":${JSON.stringify(
        JSON.stringify({
          merchantTradeNo,
          productType: 'Food',
          productName: 'Storelift balance top-up',
          transactTime: Date.now(),
          tradeType: 'WEB',
          totalFee: order?.orderAmount ?? 1,
          currency: order?.currency ?? 'USDT',
          transactionId: `M_P_${prepayId.slice(-12)}`,
          openUserId: '1211HS10K81f4273ac031',
          commission: 0,
          paymentInfo: {
            payerId: 1000003001,
            payMethod: 'funding',
            paymentInstructions: [{ currency: 'USDT', amount: order?.orderAmount ?? 1, price: 1 }],
            channel: 'DEFAULT',
          },
          ...data,
        }),
      )},"bizIdStr":"${prepayId}","bizId":${prepayId},"bizStatus":"${bizStatus}"}`;
      const timestamp = String(Date.now());
      const nonce = randomBytes(16).toString('hex');
      const signer = forged ? newKey() : key;
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'binancepay-certificate-sn': key.serial,
          'binancepay-timestamp': timestamp,
          'binancepay-nonce': nonce,
          'binancepay-signature': createSign('RSA-SHA256')
            .update(`${timestamp}\n${nonce}\n${body}\n`)
            .sign(signer.privateKey, 'base64'),
        },
      };
    },
    close: server.close,
  };
}
