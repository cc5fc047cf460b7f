import type { AdNetwork } from './ad-network.js';
import { GoogleAdsClient, type GoogleAdsOptions } from './google-ads/google-ads-client.js';
import { GoogleAdsNetwork, type GoogleAdsStore } from './google-ads/google-ads-network.js';

/**
 * Whether CPI campaigns can run here: Google Ads with its credentials, or the server's own sandbox where sandboxes
 * are allowed (what `googleAdsSetupOf` in modules/campaigns/cpi builds).
 */
export const runsAds = (config: { googleAds: GoogleAdsOptions | null; sandbox: boolean }) =>
  config.googleAds !== null || config.sandbox;

/** Where Google Ads is reached, and how its campaign days pass (README.md "Which network"). */
export interface GoogleAdsSetup {
  options: GoogleAdsOptions;
  /** 1 against Google; the sandbox's speed (VENDOR_SANDBOX_SPEED) against the server's own sandbox. */
  speed: number;
  /** The server's own sandbox: its dates end on the campaign's served time, not the account's midnight. */
  sandbox: boolean;
  /** The customer a campaign without a CPI account runs in (the sandbox's); null: it waits for an account. */
  defaultCustomerId: string | null;
}

/** One client per setup, so its access token is reused until it expires. */
const clients = new Map<string, GoogleAdsClient>();

export function googleAdsClientOf(setup: GoogleAdsSetup): GoogleAdsClient {
  const key = JSON.stringify(setup.options);
  let client = clients.get(key);
  if (!client) {
    client = new GoogleAdsClient(setup.options);
    clients.set(key, client);
  }
  return client;
}

/** The CPI account networks that run on Google Ads; in the sandbox every account does. */
export function runsOnGoogleAds(setup: GoogleAdsSetup, network: string): boolean {
  return setup.sandbox || network.trim().toLowerCase() === 'google-ads';
}

/**
 * The ad network CPI campaigns run on: Google Ads (the real API with credentials, else the server's own
 * sandbox where sandboxes are allowed), or none — a CPI campaign then waits in pending. The one place that
 * picks it; `store` keeps its state in the caller's transaction.
 */
export function adNetworkOf(setup: GoogleAdsSetup | null, store: GoogleAdsStore): AdNetwork | null {
  return setup && googleAdsNetworkOf(setup, store);
}

/** The Google Ads network of a setup (its sync and report pass use it beside the port). */
export function googleAdsNetworkOf(setup: GoogleAdsSetup, store: GoogleAdsStore): GoogleAdsNetwork {
  return new GoogleAdsNetwork(googleAdsClientOf(setup), store, {
    speed: setup.speed,
    defaultCustomerId: setup.defaultCustomerId,
    sandbox: setup.sandbox,
  });
}
