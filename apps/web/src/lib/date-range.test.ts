import { describe, expect, it } from 'vitest';
import { isValidRange, shortcutRange, toDay } from './date-range';

describe('shortcutRange', () => {
  const day = (y: number, m: number, d: number) => new Date(y, m - 1, d, 15, 30);

  it('covers the last 7 days for a week', () => {
    expect(shortcutRange('week', day(2026, 3, 10))).toEqual({ from: '2026-03-03', to: '2026-03-10' });
    expect(shortcutRange('week', day(2026, 1, 3))).toEqual({ from: '2025-12-27', to: '2026-01-03' });
  });

  it('goes back to the same day of the earlier month', () => {
    expect(shortcutRange('month', day(2026, 5, 15))).toEqual({ from: '2026-04-15', to: '2026-05-15' });
    expect(shortcutRange('three_months', day(2026, 5, 15))).toEqual({ from: '2026-02-15', to: '2026-05-15' });
    expect(shortcutRange('three_months', day(2026, 2, 1))).toEqual({ from: '2025-11-01', to: '2026-02-01' });
  });

  it('clamps to the last day of a shorter month', () => {
    expect(shortcutRange('month', day(2026, 3, 31))).toEqual({ from: '2026-02-28', to: '2026-03-31' });
    expect(shortcutRange('month', day(2024, 3, 31))).toEqual({ from: '2024-02-29', to: '2024-03-31' });
    expect(shortcutRange('three_months', day(2026, 5, 31))).toEqual({ from: '2026-02-28', to: '2026-05-31' });
  });
});

describe('isValidRange', () => {
  it('needs two days in order', () => {
    expect(isValidRange('2026-01-01', '2026-01-31')).toBe(true);
    expect(isValidRange('2026-01-31', '2026-01-31')).toBe(true);
    expect(isValidRange('2026-02-01', '2026-01-31')).toBe(false);
    expect(isValidRange('', '2026-01-31')).toBe(false);
    expect(isValidRange('2026-01-01', null)).toBe(false);
    expect(isValidRange('01.01.2026', '2026-01-31')).toBe(false);
  });

  it('writes days as YYYY-MM-DD', () => {
    expect(toDay(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});
