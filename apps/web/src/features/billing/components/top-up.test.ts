import { describe, expect, it } from 'vitest';
import type { Paysystem } from '@storelift/shared';
import { amountProblem, defaultPaysystem, normalizeAmount, resultFigures } from './top-up';

const system = (overrides: Partial<Paysystem> = {}): Paysystem => ({
  id: 30,
  name: 'Card',
  is_active: true,
  min_amount: '10.0000',
  max_amount: '10000.0000',
  fee: '3.0000',
  vat: null,
  vat_applies: false,
  bonus: true,
  bonus_max_amount: null,
  confirmations: 0,
  auth: false,
  provider: 'sandbox',
  description: '',
  ...overrides,
});

describe('normalizeAmount', () => {
  it('reads positive amounts with at most 2 decimals', () => {
    expect(normalizeAmount('500')).toBe('500');
    expect(normalizeAmount(' 12.5 ')).toBe('12.5');
    expect(normalizeAmount('12,25')).toBe('12.25');
    expect(normalizeAmount('0500')).toBe('500');
    expect(normalizeAmount('0.5')).toBe('0.5');
  });

  it('refuses anything else', () => {
    for (const text of ['', '0', '0.00', '-5', '1.234', 'abc', '1e3', '12.']) {
      expect(normalizeAmount(text), text).toBeNull();
    }
  });
});

describe('amountProblem', () => {
  it('says required, invalid, below the minimum or above the maximum of the method', () => {
    expect(amountProblem('', system())).toBe('required');
    expect(amountProblem('1.234', system())).toBe('amountInvalid');
    expect(amountProblem('5', system())).toBe('amountBelowMin');
    expect(amountProblem('10', system())).toBeNull();
    expect(amountProblem('10000', system())).toBeNull();
    expect(amountProblem('10000.01', system())).toBe('amountAboveMax');
    expect(amountProblem('500', undefined)).toBeNull();
  });
});

describe('defaultPaysystem', () => {
  it('prefers the card, else the first method', () => {
    const paypal = system({ id: 1, name: 'PayPal' });
    expect(defaultPaysystem([paypal, system()])?.id).toBe(30);
    expect(defaultPaysystem([paypal])?.id).toBe(1);
    expect(defaultPaysystem([])).toBeUndefined();
  });
});

describe('resultFigures', () => {
  const payment = { amount: '2000.0000', total: '2060.0000', bonus: '100.0000' };

  it('shows nothing paid for a canceled payment (the page says nothing was charged)', () => {
    expect(resultFigures({ ...payment, status: 'canceled' })).toEqual([]);
  });

  it('calls the total due while the payment is pending and paid once it has arrived', () => {
    expect(resultFigures({ ...payment, status: 'pending' }).map((figure) => figure.key)).toEqual([
      'amount',
      'due',
      'bonus',
    ]);
    expect(resultFigures({ ...payment, status: 'credited' })).toEqual([
      { key: 'amount', value: '2000.0000' },
      { key: 'total', value: '2060.0000' },
      { key: 'bonus', value: '100.0000' },
    ]);
  });

  it('shows no bonus for a refunded payment or a payment without one', () => {
    expect(resultFigures({ ...payment, status: 'refunded' }).map((figure) => figure.key)).toEqual([
      'amount',
      'total',
    ]);
    expect(
      resultFigures({ ...payment, bonus: '0.0000', status: 'received' }).map((figure) => figure.key),
    ).toEqual(['amount', 'arrived']);
  });

  it('shows what was asked and the difference when a crypto payment arrived short', () => {
    expect(
      resultFigures({
        amount: '94.3396',
        total: '100.0000',
        bonus: '0.0000',
        requested_total: '106.0000',
        status: 'credited',
      }),
    ).toEqual([
      { key: 'amount', value: '94.3396' },
      { key: 'total', value: '100.0000' },
      { key: 'requested', value: '106.0000' },
      { key: 'difference', value: '6.0000' },
    ]);
  });
});
