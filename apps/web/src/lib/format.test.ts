import { describe, expect, it } from 'vitest';
import { formatCountryCode, formatDate, formatDateTime, formatNumber, formatRating } from './format';

describe('formatNumber', () => {
  it('groups thousands with a space', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1 000');
    expect(formatNumber(15557)).toBe('15 557');
    expect(formatNumber(128450)).toBe('128 450');
    expect(formatNumber(1234567890)).toBe('1 234 567 890');
    expect(formatNumber(-45000)).toBe('-45 000');
  });

  it('keeps the asked decimals and rounds', () => {
    expect(formatNumber(12345.678, 2)).toBe('12 345.68');
    expect(formatNumber(0.5, 2)).toBe('0.50');
    expect(formatNumber(-0.004, 2)).toBe('0.00');
  });

  it('is empty for a missing value', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
  });
});

describe('formatRating', () => {
  it('has one decimal', () => {
    expect(formatRating(4.6)).toBe('4.6');
    expect(formatRating(4)).toBe('4.0');
    expect(formatRating(4.25)).toBe('4.3');
  });
});

describe('dates', () => {
  it('reads DD.MM.YYYY, with the time when asked', () => {
    const date = new Date(2026, 10, 5, 9, 7);
    expect(formatDate(date)).toBe('05.11.2026');
    expect(formatDateTime(date)).toBe('05.11.2026 09:07');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('formatCountryCode', () => {
  it('uppercases', () => {
    expect(formatCountryCode('us')).toBe('US');
  });
});
