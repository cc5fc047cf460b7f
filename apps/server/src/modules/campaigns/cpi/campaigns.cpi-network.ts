import type { AdCampaign, AdControl, AdNetwork } from '../../../providers/ad-network/ad-network.js';
import {
  adNetworkOf,
  runsAds,
  type GoogleAdsSetup,
} from '../../../providers/ad-network/create-ad-network.js';
import type { Config } from '../../../config.js';
import type { Queryable } from '../../../db/client.js';
import {
  SANDBOX_GOOGLE_ADS_CLIENT_ID,
  SANDBOX_GOOGLE_ADS_CLIENT_SECRET,
  SANDBOX_GOOGLE_ADS_DEVELOPER_TOKEN,
  SANDBOX_GOOGLE_ADS_LOGIN_CUSTOMER_ID,
  SANDBOX_GOOGLE_ADS_PATH,
  SANDBOX_GOOGLE_ADS_REFRESH_TOKEN,
  SANDBOX_GOOGLE_ADS_TOKEN_PATH,
} from '../../sandbox-google-ads/sandbox-google-ads.constants.js';
import * as cpiRepo from './campaigns.cpi-repo.js';
import { googleAdsStore } from './campaigns.google-ads-repo.js';
import type * as repo from '../campaigns.repo.js';

/*
 * A CPI campaign as its ad network sees it (providers/ad-network/README.md), and the lifecycle's word to
 * the network when the campaign starts, pauses, resumes or stops.
 */

export type NetworkConfig = Pick<Config, 'sandbox' | 'vendorSandboxSpeed' | 'googleAds' | 'internalUrl'>;

/** The sandbox customer a campaign runs in when no CPI account is configured at all. */
const SANDBOX_DEFAULT_CUSTOMER_ID = '1234567890';

/**
 * Google Ads as this deployment reaches it: the real API with GOOGLE_ADS_* credentials; else, where sandboxes
 * are allowed, the server's own sandbox at `INTERNAL_URL` with its fixed credentials; else none.
 */
export function googleAdsSetupOf(config: NetworkConfig): GoogleAdsSetup | null {
  if (config.googleAds)
    return { options: config.googleAds, speed: 1, sandbox: false, defaultCustomerId: null };
  if (!runsAds(config)) return null;
  return {
    options: {
      developerToken: SANDBOX_GOOGLE_ADS_DEVELOPER_TOKEN,
      clientId: SANDBOX_GOOGLE_ADS_CLIENT_ID,
      clientSecret: SANDBOX_GOOGLE_ADS_CLIENT_SECRET,
      refreshToken: SANDBOX_GOOGLE_ADS_REFRESH_TOKEN,
      loginCustomerId: SANDBOX_GOOGLE_ADS_LOGIN_CUSTOMER_ID,
      apiUrl: `${config.internalUrl}${SANDBOX_GOOGLE_ADS_PATH}`,
      tokenUrl: `${config.internalUrl}${SANDBOX_GOOGLE_ADS_TOKEN_PATH}`,
    },
    speed: config.vendorSandboxSpeed,
    sandbox: true,
    defaultCustomerId: SANDBOX_DEFAULT_CUSTOMER_ID,
  };
}

/** The ad network CPI campaigns run on, its state kept through `db` (the caller's transaction); or none. */
export function cpiNetworkOf(db: Queryable, config: NetworkConfig): AdNetwork | null {
  return adNetworkOf(googleAdsSetupOf(config), googleAdsStore(db));
}

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
