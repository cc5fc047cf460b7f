import { describe, expect, it } from 'vitest';
import { formatMoney } from '@storelift/shared';
import { perThousandText, vendorAmount } from './vendor-money';

describe('vendor amounts', () => {
  it('are read exactly, the fifth decimal rounded half away from zero', () => {
    expect(formatMoney(vendorAmount('0.01255')!)).toBe('0.0126');
    expect(formatMoney(vendorAmount('-0.01255')!)).toBe('-0.0126');
    expect(formatMoney(vendorAmount(' 12 ')!)).toBe('12.0000');
    expect(vendorAmount('1e3')).toBeNull();
    expect(vendorAmount('')).toBeNull();
    expect(vendorAmount(null)).toBeNull();
  });

  it('are shown per 1000 with 2 places or the ones they have', () => {
    expect(perThousandText(vendorAmount('0.0125')!)).toBe('0.0125');
    expect(perThousandText(vendorAmount('2')!)).toBe('2.00');
    expect(perThousandText(vendorAmount('-0.2')!)).toBe('-0.20');
  });
});
