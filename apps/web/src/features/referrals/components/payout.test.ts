import { describe, expect, it } from 'vitest';
import { payoutBodySchema } from '@storelift/shared';
import { canRequestPayout, maxPayoutAmount, payoutBody } from './payout';

describe('referral payout form', () => {
  it('"Max" sends exactly the balance string, which the server takes', () => {
    for (const [balance, method, details] of [
      ['123.4600', 'paypal', 'me@pp'],
      ['0.3000', 'balance', ''],
      ['1000000.0000', 'wise', 'IBAN'],
      ['50.0005', 'balance', ''],
    ] as const) {
      const body = payoutBody({ amount: maxPayoutAmount(balance), method, details });
      expect(body.amount).toBe(balance);
      const parsed = payoutBodySchema.safeParse(body);
      expect(parsed.success, `${balance} ${method}`).toBe(true);
    }
  });

  it('reads a typed amount as text and leaves the details out for the main balance', () => {
    expect(payoutBody({ amount: ' 12,35 ', method: 'crypto', details: ' bc1q ' })).toEqual({
      amount: '12.35',
      method: 'crypto',
      details: 'bc1q',
    });
    expect(payoutBody({ amount: '5', method: 'balance', details: 'ignored' }).details).toBeUndefined();
  });

  it('offers a payout only while the balance holds money, to the last place', () => {
    expect(canRequestPayout('0.0000')).toBe(false);
    expect(canRequestPayout('0.0001')).toBe(true);
    expect(canRequestPayout('123.4600')).toBe(true);
  });
});
