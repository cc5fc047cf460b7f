import type { INSTALL_DISTRIBUTIONS } from '@storelift/shared';
import { DELIVERY_TYPES, formatMoney, parseMoney, type Money } from '@storelift/shared';

export type Distribution = (typeof INSTALL_DISTRIBUTIONS)[number];

/** One simulated vendor day. */
export const DAY_MS = 86_400_000;

/** How much of each day's share a distribution gives day `d` (1-based) of `days`. */
function weight(distribution: Distribution, d: number, days: number): number {
  if (distribution === 'increase') return d;
  if (distribution === 'parabolic') return d * (days + 1 - d);
  return 1;
}

/**
 * The per-day plan of `perDay` × `days` installs: equal (the same every day), increase (day d weighs d)
 * or parabolic (day d weighs d × (days + 1 − d), a hump in the middle). Whole installs by largest
 * remainder (ties to the earlier day), so the plan always sums to `perDay` × `days`.
 */
export function dayPlan(perDay: number, days: number, distribution: Distribution): number[] {
  const total = perDay * days;
  const weights = Array.from({ length: days }, (_, i) => weight(distribution, i + 1, days));
  const sum = weights.reduce((a, b) => a + b, 0);
  const exact = weights.map((w) => (total * w) / sum);
  const plan = exact.map(Math.floor);
  let left = total - plan.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, rest: value - Math.floor(value) }))
    .sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    plan[index]! += 1;
    left -= 1;
  }
  return plan;
}

/** The price of `installs` at `unitPrice` (exact: ten-thousandths times a whole number). */
export function priceOf(unitPrice: string, installs: number): string {
  return formatMoney(parseMoney(unitPrice) * BigInt(installs));
}

/** What `installs` undelivered installs are worth at `unitPrice`. */
export function valueOf(unitPrice: string, installs: number): Money {
  return parseMoney(unitPrice) * BigInt(installs);
}

/**
 * Installs of day `day` (1-based, `planned` of them) the sandbox vendor has delivered after `progressMs`
 * of simulated time: a past day all, a future day none, the running day pro rata of its elapsed part:
 * spread over the whole day, or instant (within its first hour).
 */
export function deliveredOfDay(
  planned: number,
  day: number,
  progressMs: number,
  deliveryType: number,
): number {
  const into = progressMs - (day - 1) * DAY_MS;
  if (into <= 0) return 0;
  const speed = deliveryType === DELIVERY_TYPES.INSTANT ? 24 : 1;
  return Math.min(planned, Math.floor((planned * into * speed) / DAY_MS));
}
