import { describe, expect, it } from 'vitest';
import { meterState } from './password-meter';

describe('password meter', () => {
  it('scores the five checks of customer-area §4', () => {
    expect(meterState('').score).toBe(0);
    expect(meterState('abc').score).toBe(1);
    expect(meterState('abcdefgh').score).toBe(2);
    expect(meterState('Abcdefgh').score).toBe(3);
    expect(meterState('Abcdefg1').score).toBe(4);
    expect(meterState('Abcdef1!').score).toBe(5);
  });

  it('names each check and whether it passed', () => {
    expect(meterState('A1').checks).toEqual([
      { key: 'length', passed: false },
      { key: 'lowercase', passed: false },
      { key: 'uppercase', passed: true },
      { key: 'digit', passed: true },
      { key: 'special', passed: false },
    ]);
  });

  it('colours from grey (empty) through red to teal (all five)', () => {
    expect(meterState('').color).toBe('gray');
    expect(meterState('ab').color).toBe('red');
    expect(meterState('Abcdefgh').color).toBe('orange');
    expect(meterState('Abcdefg1').color).toBe('yellow');
    expect(meterState('Demo12345!').color).toBe('teal');
  });
});
