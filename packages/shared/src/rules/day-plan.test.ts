import { describe, expect, it } from 'vitest';
import { dayPlan, splitByWeights } from './day-plan.js';

describe('day plans', () => {
  it('splits by weights, keeping the total', () => {
    expect(splitByWeights(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(splitByWeights(7, [0, 1])).toEqual([0, 7]);
    expect(splitByWeights(5, [0, 0])).toEqual([0, 0]);
  });

  it('spreads installs by distribution and always keeps the total', () => {
    expect(dayPlan(10, 3, 'equal')).toEqual([10, 10, 10]);
    expect(dayPlan(10, 4, 'increase')).toEqual([4, 8, 12, 16]);
    expect(dayPlan(10, 3, 'parabolic')).toEqual([9, 12, 9]);
    for (const d of ['equal', 'increase', 'parabolic'] as const)
      expect(dayPlan(7, 13, d).reduce((a, b) => a + b, 0)).toBe(91);
  });
});
