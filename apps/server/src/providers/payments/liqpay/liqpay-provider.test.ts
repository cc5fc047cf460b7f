import { describe, expect, it } from 'vitest';
import { SignatureError } from '../payment-provider.js';
import { LiqPayProvider, liqpayData, liqpaySignature } from './liqpay-provider.js';

const uuid = '0b7c1c4e-6a51-4c1f-9d55-2f1f4d0e8a11';
const PRIVATE_KEY = 'sandbox_private';
const liqpay = new LiqPayProvider({ publicKey: 'sandbox_i000', privateKey: PRIVATE_KEY });

describe('LiqPay signature', () => {
  it("matches LiqPay's published example (Rules for the formation of a request, data and signature)", () => {
    const data = liqpayData({
      public_key: 'i00000000',
      version: '3',
      action: 'pay',
      amount: '3',
      currency: 'UAH',
      description: 'test',
      order_id: '000001',
    });
    expect(data).toMatch(/^eyJwdWJsaWNfa2V5IjoiaTAwMDAwMDAwIiwidmVyc2lvbiI6Ij/);
    expect(liqpaySignature('a4825234f4bae72a0be04eafe9e8e2bada209255', data)).toBe(
      'wR+UZDC4jjeL/qUOvIsofIWpZh8=',
    );
  });
});

describe('LiqPay checkout and callbacks', () => {
  const callback = (fields: Record<string, unknown>, privateKey = PRIVATE_KEY) => {
    const data = liqpayData({
      public_key: 'sandbox_i000',
      order_id: uuid,
      amount: 515,
      currency: 'USD',
      payment_id: 1234567,
      ...fields,
    });
    return {
      rawBody: new URLSearchParams({ data, signature: liqpaySignature(privateKey, data) }).toString(),
      headers: {},
    };
  };

  it('sends the customer to the checkout with signed data', async () => {
    const { url, providerRef } = await liqpay.createCheckout({
      id: 7,
      uuid,
      total: '515.0000',
      amount: '500.0000',
      paysystemName: 'Pay-for-UA gateway',
      email: 'a@b.test',
      paysystemId: 14,
      resultUrl: 'http://storelift.test/top-up-balance/result?payment=7',
      callbackUrl: 'http://storelift.test/api/public/v1/payments/callback/liqpay',
      returnUrl: `http://storelift.test/api/public/v1/payments/return/${uuid}`,
    });
    expect(providerRef).toBe(uuid);
    const link = new URL(url);
    expect(link.origin + link.pathname).toBe('https://www.liqpay.ua/api/3/checkout');
    const data = link.searchParams.get('data')!;
    expect(link.searchParams.get('signature')).toBe(liqpaySignature(PRIVATE_KEY, data));
    expect(JSON.parse(Buffer.from(data, 'base64').toString())).toEqual({
      version: 3,
      public_key: 'sandbox_i000',
      action: 'pay',
      amount: '515.00',
      currency: 'USD',
      description: 'Storelift balance top-up: 500.00 USD',
      order_id: uuid,
      result_url: `http://storelift.test/api/public/v1/payments/return/${uuid}`,
      server_url: 'http://storelift.test/api/public/v1/payments/callback/liqpay',
      sandbox: 1,
    });
  });

  it('reads success (and sandbox with sandbox keys) as paid; failure, error, reversed', async () => {
    const paid = {
      kind: 'paid',
      payment: { uuid },
      amount: '515',
      currency: 'USD',
      details: 'LiqPay 1234567',
    };
    expect(await liqpay.readNotification(callback({ status: 'success' }))).toEqual(paid);
    expect(await liqpay.readNotification(callback({ status: 'sandbox' }))).toEqual(paid);
    expect((await liqpay.readNotification(callback({ status: 'failure' }))).kind).toBe('failed');
    expect((await liqpay.readNotification(callback({ status: 'error' }))).kind).toBe('failed');
    expect((await liqpay.readNotification(callback({ status: 'reversed' }))).kind).toBe('refunded');
    expect((await liqpay.readNotification(callback({ status: '3ds_verify' }))).kind).toBe('ignored');
  });

  it('never credits a sandbox payment on live keys', async () => {
    const live = new LiqPayProvider({ publicKey: 'i000', privateKey: PRIVATE_KEY });
    expect(live.mode).toBe('live');
    const notice = await live.readNotification(callback({ status: 'sandbox', public_key: 'i000' }));
    expect(notice.kind).toBe('ignored');
  });

  it('refuses a callback signed with another key or altered', async () => {
    await expect(liqpay.readNotification(callback({ status: 'success' }, 'other'))).rejects.toBeInstanceOf(
      SignatureError,
    );
    const good = new URLSearchParams(callback({ status: 'success' }).rawBody);
    good.set('data', liqpayData({ status: 'success', order_id: uuid, amount: 1 }));
    await expect(liqpay.readNotification({ rawBody: good.toString(), headers: {} })).rejects.toBeInstanceOf(
      SignatureError,
    );
    await expect(liqpay.readNotification({ rawBody: '', headers: {} })).rejects.toBeInstanceOf(
      SignatureError,
    );
  });
});
