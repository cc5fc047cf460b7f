import type { INSTALL_DISTRIBUTIONS } from '../constants/domain.js';

/** How a campaign spreads its installs over its days (customer-area §9). */
export type InstallDistribution = (typeof INSTALL_DISTRIBUTIONS)[number];

/** How much of each day's share a distribution gives day `d` (1-based) of `days`. */
function weight(distribution: InstallDistribution, d: number, days: number): number {
  if (distribution === 'increase') return d;
  if (distribution === 'parabolic') return d * (days + 1 - d);
  return 1;
}

/**
 * `total` whole units split in proportion to `weights` by largest remainder (ties to the earlier index),
 * so the parts always sum to `total`.
 */
export function splitByWeights(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index]! += 1;
    left -= 1;
  }
  return parts;
}

/**
 * The per-day plan of `perDay` × `days` installs: equal (the same every day), increase (day d weighs d)
 * or parabolic (day d weighs d × (days + 1 − d), a hump in the middle). Whole installs by largest
 * remainder (ties to the earlier day), so the plan always sums to `perDay` × `days`. The server plans an
 * order with it; the order form's per-day editor starts from it.
 */
export function dayPlan(perDay: number, days: number, distribution: InstallDistribution): number[] {
  const weights = Array.from({ length: days }, (_, i) => weight(distribution, i + 1, days));
  return splitByWeights(perDay * days, weights);
}
