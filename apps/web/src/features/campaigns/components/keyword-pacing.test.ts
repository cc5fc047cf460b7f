import { describe, expect, it } from 'vitest';
import { rankRangeText, rankText } from './keyword-pacing';

describe('rank texts', () => {
  it('shows beyond the last checked rank as 250+', () => {
    expect(rankText(7)).toBe('7');
    expect(rankText(251)).toBe('250+');
  });

  it('shows the median with the range, or the median alone when the range is one rank', () => {
    expect(rankRangeText({ best: 12, median: 18, worst: 251 })).toBe('18 (12–250+)');
    expect(rankRangeText({ best: 3, median: 3, worst: 3 })).toBe('3');
  });
});
