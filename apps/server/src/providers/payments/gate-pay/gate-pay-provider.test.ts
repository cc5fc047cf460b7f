import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SignatureError } from '../payment-provider.js';
import { GATE_PAY_HEADERS, GatePayProvider, gatePaySignature, gatePayTradeNo } from './gate-pay-provider.js';

const uuid = '0b7c1c4e-6a51-4c1f-9d55-2f1f4d0e8a11';
const KEY = 'gate-pay-secret';
const gatePay = new GatePayProvider({ clientId: 'client-1', apiKey: KEY, apiUrl: 'http://127.0.0.1:1' });

/** A callback as Gate Pay signs it: the order in `data` as a JSON string. */
function callback(bizStatus: string, order: Record<string, unknown> = {}, key = KEY) {
  const rawBody = JSON.stringify({
    bizType: 'PAY',
    bizId: '79553572569350157',
    bizStatus,
    client_id: 'client-1',
    data: JSON.stringify({
      merchantTradeNo: gatePayTradeNo(uuid),
      orderAmount: '515.00',
      currency: 'USDT',
      ...order,
    }),
  });
  const timestamp = String(Date.now());
  const nonce = 'abc123';
  return {
    rawBody,
    headers: {
      [GATE_PAY_HEADERS.timestamp]: timestamp,
      [GATE_PAY_HEADERS.nonce]: nonce,
      [GATE_PAY_HEADERS.signature]: gatePaySignature(key, timestamp, nonce, rawBody),
    },
  };
}

describe('Gate Pay signature', () => {
  it('is the HMAC-SHA512 hex of "timestamp\\nnonce\\nbody\\n"', () => {
    const body = '{"merchantTradeNo":"118223456797"}';
    expect(gatePaySignature('key', '1672905655498', '9578', body)).toBe(
      createHmac('sha512', 'key').update(`1672905655498\n9578\n${body}\n`).digest('hex'),
    );
    expect(gatePaySignature('key', '1', 'n', '')).toHaveLength(128);
  });
});

describe('Gate Pay callbacks', () => {
  it('reads PAY_SUCCESS as paid, crediting what arrived', async () => {
    expect(await gatePay.readNotification(callback('PAY_SUCCESS'))).toEqual({
      kind: 'paid',
      payment: { uuid },
      amount: '515.00',
      currency: 'USD',
      creditReceived: true,
      details: 'Gate Pay 79553572569350157',
    });
    const inBtc = await gatePay.readNotification(callback('PAY_SUCCESS', { currency: 'BTC' }));
    expect(inBtc).toMatchObject({ currency: 'BTC' });
    expect((await gatePay.readNotification(callback('PAY_CLOSE'))).kind).toBe('canceled');
    expect((await gatePay.readNotification(callback('PAY_ERROR'))).kind).toBe('failed');
    expect((await gatePay.readNotification(callback('PAY_SUCCESS', { merchantTradeNo: 'x' }))).kind).toBe(
      'ignored',
    );
  });

  it('takes the signature in upper case hex too', async () => {
    const good = callback('PAY_SUCCESS');
    const upper = {
      ...good.headers,
      [GATE_PAY_HEADERS.signature]: good.headers[GATE_PAY_HEADERS.signature]!.toUpperCase(),
    };
    expect((await gatePay.readNotification({ ...good, headers: upper })).kind).toBe('paid');
  });

  it('refuses another key, an altered body or a missing header', async () => {
    await expect(gatePay.readNotification(callback('PAY_SUCCESS', {}, 'other'))).rejects.toBeInstanceOf(
      SignatureError,
    );
    const good = callback('PAY_SUCCESS');
    await expect(
      gatePay.readNotification({ ...good, rawBody: good.rawBody.replace('515.00', '1.00') }),
    ).rejects.toBeInstanceOf(SignatureError);
    await expect(
      gatePay.readNotification({
        ...good,
        headers: { ...good.headers, [GATE_PAY_HEADERS.timestamp]: undefined },
      }),
    ).rejects.toBeInstanceOf(SignatureError);
  });

  it('answers what Gate Pay expects and is live only at Gate', () => {
    expect(JSON.parse(gatePay.acknowledgement().body)).toEqual({ returnCode: 'SUCCESS', returnMessage: '' });
    expect(gatePay.mode).toBe('sandbox');
    expect(new GatePayProvider({ clientId: 'c', apiKey: 'k' }).mode).toBe('live');
  });
});
