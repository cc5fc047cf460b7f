import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signIpn } from '../../../../test/stand-in-nowpayments.js';
import { SignatureError } from '../payment-provider.js';
import {
  NOWPAYMENTS_SIGNATURE_HEADER,
  NowPaymentsProvider,
  nowPaymentsSignature,
  receivedShare,
} from './nowpayments-provider.js';

const SECRET = 'nowpayments-ipn-secret';
const uuid = '0b7c1c4e-6a51-4c1f-9d55-2f1f4d0e8a11';
const nowPayments = new NowPaymentsProvider({
  apiKey: 'key',
  ipnSecret: SECRET,
  apiUrl: 'http://127.0.0.1:1',
});

/** The payment IPN of NOWPayments' API documentation ("Webhooks examples"), in the order it shows its fields. */
const DOCUMENTED_IPN = {
  payment_id: 123456789,
  parent_payment_id: 987654321,
  invoice_id: null,
  payment_status: 'finished',
  pay_address: 'address',
  payin_extra_id: null,
  price_amount: 1,
  price_currency: 'usd',
  pay_amount: 15,
  actually_paid: 15,
  actually_paid_at_fiat: 0,
  pay_currency: 'trx',
  order_id: null,
  order_description: null,
  purchase_id: '123456789',
  outcome_amount: 14.8106,
  outcome_currency: 'trx',
  payment_extra_ids: null,
  fee: { currency: 'btc', depositFee: 0.09853637216235617, withdrawalFee: 0, serviceFee: 0 },
};

/** That IPN with every object's keys sorted, written out by hand from the documentation's rule. */
const DOCUMENTED_IPN_SORTED =
  '{"actually_paid":15,"actually_paid_at_fiat":0,"fee":{"currency":"btc","depositFee":0.09853637216235617,' +
  '"serviceFee":0,"withdrawalFee":0},"invoice_id":null,"order_description":null,"order_id":null,' +
  '"outcome_amount":14.8106,"outcome_currency":"trx","parent_payment_id":987654321,"pay_address":"address",' +
  '"pay_amount":15,"pay_currency":"trx","payin_extra_id":null,"payment_extra_ids":null,"payment_id":123456789,' +
  '"payment_status":"finished","price_amount":1,"price_currency":"usd","purchase_id":"123456789"}';

/** An IPN of our payment as NOWPayments posts it: its own field order, signed over the sorted keys. */
function ipn(fields: Record<string, unknown>, secret = SECRET) {
  const body = {
    payment_id: 5077125051,
    parent_payment_id: null,
    invoice_id: 4522625843,
    payment_status: 'finished',
    pay_address: 'TPr8Ff2cnZ9cZ4zk5yZ3Np1Hv3dYk3hJ1e',
    price_amount: 515,
    price_currency: 'usd',
    pay_amount: 4120.5,
    actually_paid: 4120.5,
    pay_currency: 'trx',
    order_id: uuid,
    order_description: 'Storelift balance top-up: 500.0000 USD',
    purchase_id: '4944856743',
    outcome_amount: 4100.1,
    outcome_currency: 'trx',
    fee: { currency: 'trx', depositFee: 1.5, withdrawalFee: 0, serviceFee: 0 },
    ...fields,
  };
  const rawBody = JSON.stringify(body);
  return {
    rawBody,
    headers: {
      'content-type': 'application/json',
      [NOWPAYMENTS_SIGNATURE_HEADER]: signIpn(secret, rawBody),
    },
  };
}

describe('NOWPayments IPN signature', () => {
  it('is the HMAC-SHA512 hex of the documented IPN with its keys sorted, nested ones too', () => {
    expect(nowPaymentsSignature(SECRET, DOCUMENTED_IPN)).toBe(
      createHmac('sha512', SECRET).update(DOCUMENTED_IPN_SORTED).digest('hex'),
    );
  });

  it('keeps arrays as arrays, and also knows the Node example form (an array as an object)', () => {
    const fields = { payment_extra_ids: [5513339153], b: 1, a: [{ d: 1, c: 2 }] };
    expect(nowPaymentsSignature('k', fields)).toBe(
      createHmac('sha512', 'k')
        .update('{"a":[{"c":2,"d":1}],"b":1,"payment_extra_ids":[5513339153]}')
        .digest('hex'),
    );
    expect(nowPaymentsSignature('k', fields, true)).toBe(
      createHmac('sha512', 'k')
        .update('{"a":{"0":{"c":2,"d":1}},"b":1,"payment_extra_ids":{"0":5513339153}}')
        .digest('hex'),
    );
  });
});

describe('NOWPayments IPN', () => {
  it('credits a finished payment at its price in USD', async () => {
    expect(await nowPayments.readNotification(ipn({}))).toEqual({
      kind: 'paid',
      payment: { uuid },
      amount: '515',
      currency: 'USD',
      creditReceived: true,
      details: 'NOWPayments 5077125051',
    });
  });

  it('credits what arrived of a partial payment, in cents rounded down, never above the price', async () => {
    const partial = await nowPayments.readNotification(
      ipn({ payment_status: 'partially_paid', actually_paid: 2060.25 }),
    );
    expect(partial).toMatchObject({ kind: 'paid', amount: '257.50', currency: 'USD', creditReceived: true });
    expect(receivedShare({ price_amount: 103.03, pay_amount: 0.00171, actually_paid: 0.00057 })).toBe(
      '34.34',
    );
    expect(receivedShare({ price_amount: 50, pay_amount: 1e-7, actually_paid: 2e-7 })).toBe('50.00');
    expect(receivedShare({ price_amount: 50, pay_amount: 0, actually_paid: 1 })).toBeNull();
    expect(
      await nowPayments.readNotification(ipn({ payment_status: 'partially_paid', pay_amount: null })),
    ).toMatchObject({ kind: 'received', amount: null });
  });

  it('maps the other statuses and ignores waiting, re-deposits and strangers', async () => {
    const kindOf = async (fields: Record<string, unknown>) =>
      (await nowPayments.readNotification(ipn(fields))).kind;
    expect(await kindOf({ payment_status: 'confirming' })).toBe('received');
    expect(await kindOf({ payment_status: 'sending' })).toBe('received');
    expect(await kindOf({ payment_status: 'expired' })).toBe('canceled');
    expect(await kindOf({ payment_status: 'failed' })).toBe('failed');
    expect(await kindOf({ payment_status: 'refunded' })).toBe('refunded');
    expect(await kindOf({ payment_status: 'waiting' })).toBe('ignored');
    expect(await kindOf({ parent_payment_id: 5077125051 })).toBe('ignored');
    expect(await kindOf({ order_id: 'RGDBP-21314' })).toBe('ignored');
  });

  it('refuses another secret, an altered body, a missing signature or a body that is no JSON', async () => {
    await expect(nowPayments.readNotification(ipn({}, 'other'))).rejects.toBeInstanceOf(SignatureError);
    const good = ipn({});
    await expect(
      nowPayments.readNotification({ ...good, rawBody: good.rawBody.replace('515', '5150') }),
    ).rejects.toBeInstanceOf(SignatureError);
    await expect(nowPayments.readNotification({ ...good, headers: {} })).rejects.toBeInstanceOf(
      SignatureError,
    );
    await expect(
      nowPayments.readNotification({ rawBody: 'payment_status=finished', headers: good.headers }),
    ).rejects.toBeInstanceOf(SignatureError);
    // Nested deeper than any IPN: refused before its fields are walked (no stack overflow, no 500).
    const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    await expect(
      nowPayments.readNotification({ rawBody: deep, headers: good.headers }),
    ).rejects.toBeInstanceOf(SignatureError);
  });

  it('is live only at NOWPayments own API', () => {
    expect(nowPayments.mode).toBe('sandbox');
    expect(new NowPaymentsProvider({ apiKey: 'k', ipnSecret: 's' }).mode).toBe('live');
    expect(
      new NowPaymentsProvider({ apiKey: 'k', ipnSecret: 's', apiUrl: 'https://api-sandbox.nowpayments.io' })
        .mode,
    ).toBe('sandbox');
  });
});
