import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandInBinancePay, type StandInBinancePay } from '../../../../test/stand-in-binance-pay.js';
import { SignatureError, type CheckoutRequest } from '../payment-provider.js';
import {
  BINANCE_PAY_HEADERS,
  BinancePayProvider,
  binancePayNonce,
  binancePaySignature,
  binancePayTradeNo,
} from './binance-pay-provider.js';

const uuid = '0b7c1c4e-6a51-4c1f-9d55-2f1f4d0e8a11';
let binance: StandInBinancePay;
let provider: BinancePayProvider;

beforeAll(async () => {
  binance = await startStandInBinancePay();
  provider = new BinancePayProvider({ apiKey: binance.apiKey, secret: binance.secret, apiUrl: binance.url });
});
afterAll(() => binance.close());

const checkout = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  id: 7,
  uuid,
  total: '515.0000',
  amount: '500.0000',
  paysystemName: 'Crypto exchange',
  paysystemId: 13,
  email: 'payer@example.com',
  resultUrl: 'http://storelift.test/top-up-balance/result?payment=7',
  callbackUrl: 'http://storelift.test/api/public/v1/payments/callback/binance-pay',
  returnUrl: `http://storelift.test/api/public/v1/payments/return/${uuid}`,
  ...overrides,
});

describe('Binance Pay requests', () => {
  it('signs with the upper-case hex HMAC-SHA512 of "timestamp\\nnonce\\nbody\\n" and a 32-letter nonce', () => {
    const body = '{"merchantTradeNo":"9825382937292"}';
    expect(binancePaySignature('secret', '1618302830073', 'W5Zq9w', body)).toBe(
      createHmac('sha512', 'secret').update(`1618302830073\nW5Zq9w\n${body}\n`).digest('hex').toUpperCase(),
    );
    expect(binancePayNonce()).toMatch(/^[A-Za-z]{32}$/);
    expect(binancePayTradeNo(uuid)).toBe('0b7c1c4e6a514c1f9d552f1f4d0e8a11');
  });

  it('opens a v3 order in USDT for the total and closes it', async () => {
    const opened = await provider.createCheckout(checkout());
    const order = binance.orders.get(binancePayTradeNo(uuid))!;
    expect(opened).toEqual({ url: `${binance.url}/checkout/${order.prepayId}`, providerRef: order.prepayId });
    expect(order).toMatchObject({
      orderAmount: 515,
      currency: 'USDT',
      returnUrl: checkout().resultUrl,
      cancelUrl: `${checkout().returnUrl}?canceled=1`,
      webhookUrl: checkout().callbackUrl,
    });
    await provider.cancelCheckout(order.prepayId);
    expect(order.status).toBe('CLOSED');
    await expect(provider.createCheckout(checkout())).rejects.toThrow(/duplicated/);
    expect(binance.violations).toEqual([]);
  });

  it('fails a checkout the API refuses (wrong secret)', async () => {
    const wrong = new BinancePayProvider({ apiKey: binance.apiKey, secret: 'other', apiUrl: binance.url });
    await expect(
      wrong.createCheckout(checkout({ uuid: '1b7c1c4e-6a51-4c1f-9d55-2f1f4d0e8a11' })),
    ).rejects.toThrow(/Binance Pay refused/);
    binance.violations.length = 0;
  });
});

describe('Binance Pay webhooks', () => {
  const tradeNo = binancePayTradeNo(uuid);
  const read = (notification: { body: string; headers: Record<string, string> }) =>
    provider.readNotification({ rawBody: notification.body, headers: notification.headers });

  it('reads PAY_SUCCESS as paid and PAY_CLOSED as canceled, verified with the certificate key', async () => {
    const order = binance.orders.get(tradeNo)!;
    expect(await read(binance.notification(tradeNo, 'PAY_SUCCESS'))).toEqual({
      kind: 'paid',
      payment: { uuid },
      amount: '515',
      currency: 'USD',
      creditReceived: true,
      details: `Binance Pay ${order.prepayId}`,
    });
    expect((await read(binance.notification(tradeNo, 'PAY_CLOSED'))).kind).toBe('canceled');
    expect((await read(binance.notification('RGDBP21314', 'PAY_SUCCESS'))).kind).toBe('ignored');
  });

  it('refuses a signature of another key, an altered body or missing headers', async () => {
    await expect(
      read(binance.notification(tradeNo, 'PAY_SUCCESS', {}, { forged: true })),
    ).rejects.toBeInstanceOf(SignatureError);
    const good = binance.notification(tradeNo, 'PAY_SUCCESS');
    await expect(
      read({ ...good, body: good.body.replace('PAY_SUCCESS', 'PAY_CLOSED') }),
    ).rejects.toBeInstanceOf(SignatureError);
    for (const header of Object.values(BINANCE_PAY_HEADERS).filter((name) => name !== 'binancepay-nonce')) {
      await expect(read({ ...good, headers: { ...good.headers, [header]: '' } })).rejects.toBeInstanceOf(
        SignatureError,
      );
    }
  });

  it('fetches the certificates once per serial, again when Binance rotates its key', async () => {
    const certificateCalls = () =>
      binance.calls.filter((call) => call.url === '/binancepay/openapi/certificates').length;
    const fresh = new BinancePayProvider({
      apiKey: binance.apiKey,
      secret: binance.secret,
      apiUrl: binance.url,
    });
    const before = certificateCalls();
    await fresh.readNotification({ rawBody: '', headers: {} }).catch(() => undefined);
    const notices = await Promise.all(
      Array.from({ length: 5 }, () => binance.notification(tradeNo, 'PAY_SUCCESS')).map((n) =>
        fresh.readNotification({ rawBody: n.body, headers: n.headers }),
      ),
    );
    expect(notices.every((notice) => notice.kind === 'paid')).toBe(true);
    expect(certificateCalls()).toBe(before + 1);
    binance.rotateKey();
    // A serial met within 30 s of the last fetch is refused (Binance retries later) without a call…
    const rotated = binance.notification(tradeNo, 'PAY_SUCCESS');
    await expect(
      fresh.readNotification({ rawBody: rotated.body, headers: rotated.headers }),
    ).rejects.toBeInstanceOf(SignatureError);
    expect(certificateCalls()).toBe(before + 1);
    // …and fetched once that time has passed.
    (fresh as unknown as { keysFetchedAt: number }).keysFetchedAt -= 30_000;
    expect((await fresh.readNotification({ rawBody: rotated.body, headers: rotated.headers })).kind).toBe(
      'paid',
    );
    expect(certificateCalls()).toBe(before + 2);
    expect(binance.violations).toEqual([]);
  });

  it('answers what Binance expects and is live only at Binance', () => {
    expect(JSON.parse(provider.acknowledgement().body)).toEqual({
      returnCode: 'SUCCESS',
      returnMessage: null,
    });
    expect(provider.mode).toBe('sandbox');
    expect(new BinancePayProvider({ apiKey: 'k', secret: 's' }).mode).toBe('live');
  });
});
