import { afterEach, describe, expect, it } from 'vitest';
import {
  dayBoundary,
  formatCountryCode,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatPrice,
  formatRating,
  formatSignedMoney,
  initials,
  lastDayOf,
  localDay,
} from './format';

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

  describe("in the user's time zone", () => {
    const zone = process.env.TZ;
    afterEach(() => {
      process.env.TZ = zone;
    });

    it('keeps a calendar day as that day east and west of UTC', () => {
      for (const tz of ['America/Los_Angeles', 'Asia/Tokyo']) {
        process.env.TZ = tz;
        expect(formatDate('2026-12-01'), tz).toBe('01.12.2026');
      }
    });

    it('lists an action ending on 01.12 as ending 01.12, not 02.12', () => {
      for (const tz of ['America/Los_Angeles', 'Europe/Kyiv', 'Asia/Tokyo']) {
        process.env.TZ = tz;
        // The form sends the end of the picked day in the user's zone: the moment after it.
        const end = dayBoundary('2026-12-01', true);
        expect(lastDayOf(end), tz).toBe('2026-12-01');
        expect(formatDate(lastDayOf(end)), tz).toBe('01.12.2026');
        expect(localDay(dayBoundary('2026-12-01')), tz).toBe('2026-12-01');
      }
      process.env.TZ = 'Europe/Kyiv';
      expect(dayBoundary('2026-12-01', true)).toBe('2026-12-01T22:00:00.000Z');
      expect(lastDayOf(null)).toBe('');
    });
  });
});

describe('formatCountryCode', () => {
  it('uppercases', () => {
    expect(formatCountryCode('us')).toBe('US');
  });
});

describe('money display (customer-area §9)', () => {
  it('groups thousands with a space and keeps 2 decimals', () => {
    expect(formatMoney('500.0000')).toBe('500.00');
    expect(formatMoney('3000.0000')).toBe('3 000.00');
    expect(formatMoney('1234567.5')).toBe('1 234 567.50');
    expect(formatMoney('0')).toBe('0.00');
    expect(formatMoney(10000)).toBe('10 000.00');
    expect(formatMoney('-2500.2500')).toBe('-2 500.25');
  });

  it('rounds half away from zero on the text, not through a float', () => {
    expect(formatMoney('1.0050')).toBe('1.01');
    expect(formatMoney('1.0049')).toBe('1.00');
    expect(formatMoney('999.9950')).toBe('1 000.00');
    expect(formatMoney('-0.0040')).toBe('0.00');
    expect(formatMoney('0.1080', 4)).toBe('0.1080');
  });

  it('is empty for nothing or garbage', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('');
  });

  it('writes the sign of ledger rows', () => {
    expect(formatSignedMoney('500.0000')).toBe('+500.00');
    expect(formatSignedMoney('-10.0000')).toBe('-10.00');
    expect(formatSignedMoney('0.0000')).toBe('0.00');
  });

  it('truncates or pads prices to 4 characters', () => {
    expect(formatPrice('0.1080')).toBe('0.10');
    expect(formatPrice('0.9000')).toBe('0.90');
    expect(formatPrice('2.2500')).toBe('2.25');
    expect(formatPrice('0.0090')).toBe('0.00');
    expect(formatPrice('2')).toBe('2.00');
    expect(formatPrice('12.5')).toBe('12.5');
    expect(formatPrice(0.15)).toBe('0.15');
    expect(formatPrice('1500.0000')).toBe('1500');
    expect(formatPrice('')).toBe('');
  });

  it('writes percents without trailing zeros', () => {
    expect(formatPercent('10.0000')).toBe('10');
    expect(formatPercent('2.5000')).toBe('2.5');
    expect(formatPercent('0.1250')).toBe('0.13');
    expect(formatPercent('1.0050')).toBe('1.01');
    expect(formatPercent('abc')).toBe('');
    expect(formatPercent(null)).toBe('');
  });
});

describe('initials', () => {
  it('takes the first letters of up to two parts, or a question mark', () => {
    expect(initials('demo-user')).toBe('DU');
    expect(initials('olena kovalenko petrenko')).toBe('OK');
    expect(initials('x')).toBe('X');
    expect(initials('')).toBe('?');
  });
});
