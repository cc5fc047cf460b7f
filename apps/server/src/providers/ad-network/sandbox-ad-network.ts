import { DAY_MS, formatMoney, parseMoney } from '@storelift/shared';
import type { AdCampaign, AdDayReport, AdNetwork } from './ad-network.js';

/**
 * A day of the sandbox ad network: it buys the whole installs the daily budget pays for at the target CPI,
 * 80-100 % of them (fixed per campaign and day), spread evenly over the day, each at exactly the target
 * CPI. A pure function of the campaign and the time, so the same question always has the same answer.
 */
export function sandboxDay(
  campaign: Pick<AdCampaign, 'id' | 'dailyBudget' | 'targetCpi'>,
  day: number,
  elapsedMs: number,
): AdDayReport {
  const cpi = parseMoney(campaign.targetCpi);
  const planned = Number(parseMoney(campaign.dailyBudget) / cpi);
  const percent = 80 + ((campaign.id * 31 + day * 17) % 21);
  const whole = Math.floor((planned * percent) / 100);
  const installs = Math.floor((whole * Math.min(Math.max(elapsedMs, 0), DAY_MS)) / DAY_MS);
  return { installs, spend: formatMoney(cpi * BigInt(installs)) };
}

/**
 * The embedded sandbox ad network (exists only where sandboxes are allowed): no I/O and no state of its
 * own. The campaign's clock runs `speed` times faster than real time (`VENDOR_SANDBOX_SPEED`, like the
 * sandbox vendor), and each day's figures are `sandboxDay` of it.
 */
export class SandboxAdNetwork implements AdNetwork {
  readonly name = 'Sandbox ad network';
  constructor(readonly speed: number) {}

  async control(): Promise<void> {
    // Delivery follows the campaign's clock, which only runs while it is active: nothing to tell.
  }

  async report(campaign: AdCampaign, day: number, elapsedMs: number): Promise<AdDayReport> {
    return sandboxDay(campaign, day, elapsedMs);
  }
}
