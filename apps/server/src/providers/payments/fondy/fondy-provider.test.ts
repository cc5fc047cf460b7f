import { describe, expect, it } from 'vitest';
import { SignatureError } from '../payment-provider.js';
import { FondyProvider, fondySignature } from './fondy-provider.js';

const uuid = '0b7c1c4e-6a51-4c1f-9d55-2f1f4d0e8a11';
const fondy = new FondyProvider({ merchantId: '1396424', paymentKey: 'test' });

describe('Fondy signature', () => {
  it("matches Fondy's published example (test merchant 1396424, payment key 'test')", () => {
    // docs.fondy.io, API authentication: the checkout URL request of order TestOrder2.
    const request = {
      server_callback_url: 'http://myshop/callback/',
      order_id: 'TestOrder2',
      currency: 'USD',
      merchant_id: 1396424,
      order_desc: 'Test payment',
      amount: 1000,
    };
    expect(fondySignature('test', request)).toBe('91ea7da493a8367410fe3d7f877fb5e0ed666490');
  });

  it('leaves out empty values, the signature and response_signature_string', () => {
    const base = { order_id: 'A', amount: 100, merchant_id: 1396424 };
    const signed = fondySignature('test', base);
    expect(fondySignature('test', { ...base, fee: '', signature: 'x', response_signature_string: 'y' })).toBe(
      signed,
    );
  });
});

describe('Fondy callbacks', () => {
  const callback = (fields: Record<string, unknown>) => {
    const body = { merchant_id: 1396424, order_id: uuid, amount: '51500', currency: 'USD', ...fields };
    return { ...body, signature: fondySignature('test', body) };
  };

  it('reads an approved order as paid, in dollars, from JSON or a form', async () => {
    const fields = callback({ order_status: 'approved', payment_id: 805243692 });
    const expected = {
      kind: 'paid',
      payment: { uuid },
      amount: '515.0000',
      currency: 'USD',
      details: 'Fondy 805243692',
    };
    const json = await fondy.readNotification({
      rawBody: JSON.stringify(fields),
      headers: { 'content-type': 'application/json' },
    });
    expect(json).toEqual(expected);
    const form = await fondy.readNotification({
      rawBody: new URLSearchParams(
        Object.entries(fields).map(([name, value]): [string, string] => [name, String(value)]),
      ).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form).toEqual(expected);
  });

  it('maps declined, expired and reversed; ignores an order still processing', async () => {
    const kindOf = async (order_status: string) => {
      const notice = await fondy.readNotification({
        rawBody: JSON.stringify(callback({ order_status })),
        headers: { 'content-type': 'application/json' },
      });
      return notice.kind;
    };
    expect(await kindOf('declined')).toBe('failed');
    expect(await kindOf('expired')).toBe('canceled');
    expect(await kindOf('reversed')).toBe('refunded');
    expect(await kindOf('processing')).toBe('ignored');
  });

  it('refuses a changed field, another merchant or no signature', async () => {
    const fields = callback({ order_status: 'approved' });
    const read = (body: object) =>
      fondy.readNotification({
        rawBody: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      });
    await expect(read({ ...fields, amount: '1' })).rejects.toBeInstanceOf(SignatureError);
    const other = { ...fields, merchant_id: 1 };
    await expect(read({ ...other, signature: fondySignature('test', other) })).rejects.toBeInstanceOf(
      SignatureError,
    );
    await expect(read({ ...fields, signature: undefined })).rejects.toBeInstanceOf(SignatureError);
    await expect(
      fondy.readNotification({ rawBody: 'not json', headers: { 'content-type': 'application/json' } }),
    ).rejects.toBeInstanceOf(SignatureError);
  });

  it('is a sandbox with the test merchant only', () => {
    expect(fondy.mode).toBe('sandbox');
    expect(new FondyProvider({ merchantId: '1500000', paymentKey: 'k' }).mode).toBe('live');
  });
});
