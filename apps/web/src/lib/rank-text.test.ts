import { describe, expect, it } from 'vitest';
import { placesText, rankText } from './rank-text';

describe('rank texts', () => {
  it('reads an average rank with one decimal, out of rank as 250+, none as a dash', () => {
    expect(rankText(18.4)).toBe('18.4');
    expect(rankText(40)).toBe('40.0');
    expect(rankText(251)).toBe('250+');
    expect(rankText(null)).toBe('—');
  });

  it('signs places gained', () => {
    expect(placesText(31)).toBe('+31');
    expect(placesText(-1.4)).toBe('−1.4');
    expect(placesText(0)).toBe('0');
    expect(placesText(null)).toBe('—');
  });
});
