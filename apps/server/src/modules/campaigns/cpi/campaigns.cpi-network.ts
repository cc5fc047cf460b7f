import type { AdCampaign, AdControl, AdNetwork } from '../../../providers/ad-network/ad-network.js';
import type { Queryable } from '../../../db/client.js';
import * as cpiRepo from './campaigns.cpi-repo.js';
import type * as repo from '../campaigns.repo.js';

/*
 * A CPI campaign as its ad network sees it (providers/ad-network/README.md), and the lifecycle's word to
 * the network when the campaign starts, pauses, resumes or stops.
 */

/** What the ad network is told about a CPI campaign. */
export function adCampaignOf(row: repo.CampaignRow, cpi: cpiRepo.CpiRow): AdCampaign {
  return {
    id: row.id,
    store: row.appstore,
    package: row.package,
    dailyBudget: cpi.daily_budget,
    targetCpi: row.unit_price,
    days: cpi.unlimited ? null : row.days,
    countries: cpi.countries,
    languages: cpi.languages,
    headline1: cpi.headline1,
    headline2: cpi.headline2,
    description: cpi.ad_text,
    deeplink: cpi.deeplink,
    accountId: cpi.cpi_account_id,
  };
}

/** Tells a CPI campaign's ad network to start, pause, resume or stop it (nothing without a network). */
export async function tellAdNetwork(
  db: Queryable,
  network: AdNetwork | null,
  row: repo.CampaignRow,
  action: AdControl,
) {
  const cpi = network && (await cpiRepo.findCpi(db, row.id));
  if (cpi) await network.control(adCampaignOf(row, cpi), action);
}
