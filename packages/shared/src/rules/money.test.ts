import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  moneyInputText,
  parseMoney,
  percentOf,
  readMoneyInput,
  roundMoney,
  toMoney,
  units,
} from './money.js';

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
    expect(
      ['150.0000', '99.5000', '0.0100', '-2.5000', '0.0000'].map((t) => moneyInputText(parseMoney(t))),
    ).toEqual(['150', '99.5', '0.01', '-2.5', '0']);
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
  });

  it('reads typed amounts by the places they use, trailing zeros aside, however large', () => {
    expect(readMoneyInput('12', 2)).toBe(parseMoney('12'));
    expect(readMoneyInput(' 12.3500 ', 2)).toBe(parseMoney('12.35'));
    expect(readMoneyInput('-0.5', 2)).toBe(parseMoney('-0.5'));
    expect(readMoneyInput('12.345', 2)).toBeNull();
    expect(readMoneyInput('12.3450', 4)).toBe(parseMoney('12.345'));
    expect(readMoneyInput('0.00001', 4)).toBeNull();
    expect(readMoneyInput('12345678901234', 2)).toBe(12_345_678_901_234n * 10_000n);
    for (const bad of ['', '.5', '5.', '1e3', '1,5', '+1', 'NaN', '0.30000000000000004', '1'.repeat(31)]) {
      expect(readMoneyInput(bad, 4), bad).toBeNull();
    }
  });
});
