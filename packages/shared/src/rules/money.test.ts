import { describe, expect, it } from 'vitest';
import { formatMoney, moneyDecimals, parseMoney, percentOf, roundMoney, toMoney, units } from './money.js';

describe('money', () => {
  it('reads decimal strings into exact ten-thousandths and writes them back', () => {
    expect(toMoney('12')).toBe(120_000n);
    expect(toMoney('-0.5')).toBe(-5_000n);
    expect(toMoney(' 1000.2500 ')).toBe(10_002_500n);
    expect(toMoney('9999999999.9999')).toBe(99_999_999_999_999n);
    for (const bad of ['', '1.23456', '1e3', '0x10', '1,5', '12345678901', '.5', '5.', 'NaN']) {
      expect(toMoney(bad), bad).toBeNull();
    }
    expect(() => parseMoney('x')).toThrow();
    expect(formatMoney(120_000n)).toBe('12.0000');
    expect(formatMoney(-5_000n)).toBe('-0.5000');
    expect(formatMoney(1n)).toBe('0.0001');
    expect(units(500)).toBe(parseMoney('500'));
  });

  it('rounds half away from zero and takes percents exactly', () => {
    expect(roundMoney(parseMoney('1.005'), 2)).toBe(parseMoney('1.01'));
    expect(roundMoney(parseMoney('1.0049'), 2)).toBe(parseMoney('1.00'));
    expect(roundMoney(parseMoney('-1.005'), 2)).toBe(parseMoney('-1.01'));
    expect(percentOf(parseMoney('123.45'), parseMoney('6'))).toBe(parseMoney('7.407'));
    expect(percentOf(parseMoney('0.0001'), parseMoney('50'))).toBe(1n);
    expect(percentOf(parseMoney('2000'), parseMoney('10'))).toBe(parseMoney('200'));
    // 0.1 + 0.2 never happens: the sum is exact.
    expect(formatMoney(parseMoney('0.1') + parseMoney('0.2'))).toBe('0.3000');
    expect(moneyDecimals('12.345')).toBe(3);
    expect(moneyDecimals('12')).toBe(0);
  });
});
