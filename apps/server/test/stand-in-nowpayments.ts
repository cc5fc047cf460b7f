import { createHmac } from 'node:crypto';
import { replyHtml, replyJson, startStandInServer, type StandInCall } from './stand-in-http.js';

/*
 * A stand-in NOWPayments API (documenter.getpostman.com/view/7907941/S1a32n38) for tests and the bench: the
 * invoice call (`POST /v1/invoice`, header `x-api-key`) and the hosted payment page its `invoice_url` names.
 * It checks every request as NOWPayments does (API key, JSON body, price_amount a positive number,
 * price_currency, order_id, the callback and redirect URLs) and records what a well-behaved client would never
 * send in `violations`. `notification` builds an IPN as NOWPayments posts it (the payment's fields in its own
 * order, header `x-nowpayments-sig` = HMAC-SHA512 hex of the body's JSON with every object's keys sorted,
 * under the IPN secret), for the test to post to the invoice's ipn_callback_url.
 *
 *   const np = await startStandInNowPayments();   // np.url, np.apiKey, np.ipnSecret
 *   const { body, headers } = np.notification(orderId, 'finished');
 */

export interface NowPaymentsInvoice {
  id: string;
  order_id: string;
  price_amount: number;
  price_currency: string;
  ipn_callback_url: string;
  success_url: string | undefined;
  cancel_url: string | undefined;
}

export type NowPaymentsStatus =
  | 'waiting'
  | 'confirming'
  | 'confirmed'
  | 'sending'
  | 'partially_paid'
  | 'finished'
  | 'failed'
  | 'refunded'
  | 'expired';

export interface StandInNowPayments {
  url: string;
  apiKey: string;
  ipnSecret: string;
  violations: string[];
  /** Invoices by order_id. */
  invoices: Map<string, NowPaymentsInvoice>;
  calls: StandInCall[];
  /**
   * An IPN of the invoice with the order id (the payment quoted 8 TRX a dollar; `fields` override any field),
   * signed with the secret (default the store's): the JSON body and headers.
   */
  notification(
    orderId: string,
    status: NowPaymentsStatus,
    fields?: Record<string, unknown>,
    secret?: string,
  ): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

/** Every object's keys sorted, as NOWPayments signs an IPN. */
function sortDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortDeep);
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(object).sort()) sorted[key] = sortDeep(object[key]);
  return sorted;
}

/** The `x-nowpayments-sig` of an IPN body. */
export const signIpn = (secret: string, body: string) =>
  createHmac('sha512', secret)
    .update(JSON.stringify(sortDeep(JSON.parse(body))))
    .digest('hex');

const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/\S+$/.test(value);

export async function startStandInNowPayments(
  options: { apiKey?: string; ipnSecret?: string } = {},
): Promise<StandInNowPayments> {
  const apiKey = options.apiKey ?? 'STAND-IN-NOWPAYMENTS-KEY';
  const ipnSecret = options.ipnSecret ?? 'stand-in-ipn-secret';
  const violations: string[] = [];
  const invoices = new Map<string, NowPaymentsInvoice>();
  const calls: StandInCall[] = [];
  let sequence = 4522625843;
  let paymentSequence = 5077125051;

  const fail = (res: Parameters<typeof replyJson>[0], status: number, code: string, message: string) =>
    replyJson(res, status, { status: false, statusCode: status, code, message });

  const server = await startStandInServer((call, res) => {
    calls.push(call);
    const path = call.url.split('?')[0];
    if (call.method === 'GET' && path === '/payment/')
      return replyHtml(res, 'NOWPayments invoice (stand-in)');
    if (call.method !== 'POST' || path !== '/v1/invoice') {
      violations.push(`unknown call ${call.method} ${call.url}`);
      return fail(res, 404, 'NOT_FOUND', 'Not found');
    }
    if (call.headers['x-api-key'] !== apiKey) {
      violations.push('/v1/invoice: wrong x-api-key');
      return fail(res, 403, 'INVALID_API_KEY', 'Invalid api key');
    }
    let body: Record<string, unknown> = {};
    try {
      body = JSON.parse(call.body) as Record<string, unknown>;
    } catch {
      violations.push('/v1/invoice: body is not JSON');
    }
    const { price_amount, price_currency, order_id, order_description } = body;
    const problems = [
      !/^application\/json/.test(call.headers['content-type'] ?? '') &&
        'content-type is not application/json',
      !(typeof price_amount === 'number' && price_amount > 0) && 'price_amount is not a positive number',
      !(typeof price_currency === 'string' && /^[a-z]{3}$/.test(price_currency)) &&
        'price_currency is not a lower-case fiat ticker',
      !(typeof order_id === 'string' && order_id.length > 0) && 'order_id',
      order_description !== undefined && typeof order_description !== 'string' && 'order_description',
      !isUrl(body.ipn_callback_url) && 'ipn_callback_url is not an http(s) URL',
      ...(['success_url', 'cancel_url', 'partially_paid_url'] as const).map(
        (name) => body[name] !== undefined && !isUrl(body[name]) && `${name} is not an http(s) URL`,
      ),
    ].filter((problem): problem is string => typeof problem === 'string');
    if (problems.length) {
      violations.push(...problems.map((problem) => `/v1/invoice: ${problem}`));
      return fail(res, 400, 'INVALID_REQUEST_PARAMS', problems.join('; '));
    }
    sequence += 1;
    const invoice: NowPaymentsInvoice = {
      id: String(sequence),
      order_id: order_id as string,
      price_amount: price_amount as number,
      price_currency: price_currency as string,
      ipn_callback_url: body.ipn_callback_url as string,
      success_url: body.success_url as string | undefined,
      cancel_url: body.cancel_url as string | undefined,
    };
    invoices.set(invoice.order_id, invoice);
    const now = new Date().toISOString();
    replyJson(res, 201, {
      id: invoice.id,
      token_id: 'stand1n',
      order_id: invoice.order_id,
      order_description: order_description ?? null,
      price_amount: String(invoice.price_amount),
      price_currency: invoice.price_currency,
      pay_currency: null,
      ipn_callback_url: invoice.ipn_callback_url,
      invoice_url: `${server.url}/payment/?iid=${invoice.id}`,
      success_url: invoice.success_url ?? null,
      cancel_url: invoice.cancel_url ?? null,
      created_at: now,
      updated_at: now,
    });
  });

  return {
    url: server.url,
    apiKey,
    ipnSecret,
    violations,
    invoices,
    calls,
    notification(orderId, status, fields = {}, secret = ipnSecret) {
      const invoice = invoices.get(orderId);
      const price = invoice?.price_amount ?? 1;
      paymentSequence += 1;
      // The payment's fields in the order NOWPayments' documentation shows them (not sorted).
      const body = JSON.stringify({
        payment_id: paymentSequence,
        parent_payment_id: null,
        invoice_id: invoice ? Number(invoice.id) : null,
        payment_status: status,
        pay_address: 'TPr8Ff2cnZ9cZ4zk5yZ3Np1Hv3dYk3hJ1e',
        payin_extra_id: null,
        price_amount: price,
        price_currency: invoice?.price_currency ?? 'usd',
        pay_amount: price * 8,
        actually_paid: status === 'waiting' ? 0 : price * 8,
        actually_paid_at_fiat: 0,
        pay_currency: 'trx',
        order_id: orderId,
        order_description: 'Storelift balance top-up',
        purchase_id: String(paymentSequence + 7),
        outcome_amount: price * 8 - 1.5,
        outcome_currency: 'trx',
        payment_extra_ids: null,
        fee: { currency: 'trx', depositFee: 1.5, withdrawalFee: 0, serviceFee: 0 },
        ...fields,
      });
      return {
        body,
        headers: { 'content-type': 'application/json', 'x-nowpayments-sig': signIpn(secret, body) },
      };
    },
    close: server.close,
  };
}
