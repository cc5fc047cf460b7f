import { formatMoney, parseMoney, splitByWeights, type Money } from '@storelift/shared';

/**
 * Where a campaign's clock stands at `now`: `progress_ms` reached at `clock_at`, plus the real time since,
 * `speed` times faster (`VENDOR_SANDBOX_SPEED`); it runs only while `clock_at` is set (active).
 */
export function clockAt(
  row: { progress_ms: number; clock_at: Date | null },
  now: Date,
  speed: number,
): number {
  if (!row.clock_at) return row.progress_ms;
  return row.progress_ms + Math.max(0, now.getTime() - row.clock_at.getTime()) * speed;
}

/** What the smart split knows of a keyword: its daily searches and rank (null when unknown). */
export interface SmartKeyword {
  searches: number | null;
  rank: number | null;
}

/** Daily searches assumed for a keyword without statistics (free text, or not checked yet). */
export const SMART_DEFAULT_SEARCHES = 100;
/** The rank an unranked keyword counts as: just beyond the last tracked rank (250). */
export const SMART_UNRANKED = 251;

/**
 * A keyword's weight in a smart campaign: √searches × (1 + (rank − 1) / 50). Searches tell where the
 * traffic is (the root keeps one huge keyword from taking everything); the distance to the top tells how
 * much push it needs: rank 1 counts 1×, rank 51 2×, unranked 6×.
 */
export function smartWeight({ searches, rank }: SmartKeyword): number {
  const volume = Math.max(1, searches ?? SMART_DEFAULT_SEARCHES);
  const place = Math.min(Math.max(1, rank ?? SMART_UNRANKED), SMART_UNRANKED);
  return Math.sqrt(volume) * (1 + (place - 1) / 50);
}

/**
 * A smart campaign's `installs` spread over its keywords for `days` days: each keyword first gets the
 * minimum (`min` per day), the rest goes by `smartWeight`, no keyword over `max` per day (what a capped
 * keyword cannot take goes to the others by weight). The caller ensures min × days × keywords ≤ installs ≤
 * max × days × keywords. Answers the installs of each keyword over the whole campaign.
 */
export function smartSplit(
  installs: number,
  days: number,
  keywords: SmartKeyword[],
  min: number,
  max: number,
): number[] {
  const totals = keywords.map(() => min * days);
  const cap = max * days;
  let left = installs - min * days * keywords.length;
  const open = new Set(keywords.map((_, index) => index));
  while (left > 0 && open.size) {
    const weights = keywords.map((keyword, index) => (open.has(index) ? smartWeight(keyword) : 0));
    const shares = splitByWeights(left, weights);
    left = 0;
    shares.forEach((share, index) => {
      const room = cap - totals[index]!;
      totals[index]! += Math.min(share, room);
      if (share >= room) {
        open.delete(index);
        left += share - room;
      }
    });
  }
  return totals;
}

/** The price of `installs` at `unitPrice` (exact: ten-thousandths times a whole number). */
export function priceOf(unitPrice: string, installs: number): string {
  return formatMoney(parseMoney(unitPrice) * BigInt(installs));
}

/** What `installs` undelivered installs are worth at `unitPrice`. */
export function valueOf(unitPrice: string, installs: number): Money {
  return parseMoney(unitPrice) * BigInt(installs);
}
