import { describe, expect, it } from 'vitest';
import { nextRenewal } from './api-access';

describe('nextRenewal', () => {
  it('is the first of the month after the last reset, or after now when the reset is older', () => {
    const now = new Date('2030-05-17T10:00:00Z');
    expect(nextRenewal('2030-05-01T00:00:00.000Z', now).toISOString()).toBe('2030-06-01T00:00:00.000Z');
    expect(nextRenewal('2030-01-01T00:00:00.000Z', now).toISOString()).toBe('2030-06-01T00:00:00.000Z');
    expect(nextRenewal(null, new Date('2030-12-31T23:59:00Z')).toISOString()).toBe(
      '2031-01-01T00:00:00.000Z',
    );
  });
});
