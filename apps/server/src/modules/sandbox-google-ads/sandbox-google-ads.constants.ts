/*
 * The fixed credentials and settings of the server's own sandbox Google Ads (providers/ad-network/README.md
 * "Sandbox"). Where sandboxes are allowed and no real Google Ads credentials are set, the Google Ads network is
 * configured with these against `${INTERNAL_URL}/sandbox/google-ads`; they open nothing real.
 */

/** OAuth client and refresh token its token endpoint accepts. */
export const SANDBOX_GOOGLE_ADS_CLIENT_ID = 'sandbox-client.apps.googleusercontent.com';
export const SANDBOX_GOOGLE_ADS_CLIENT_SECRET = 'sandbox-client-secret';
export const SANDBOX_GOOGLE_ADS_REFRESH_TOKEN = '1//sandbox-refresh-token';
/** The `developer-token` header it requires. */
export const SANDBOX_GOOGLE_ADS_DEVELOPER_TOKEN = 'sandbox-developer-token';
/** The manager account (`login-customer-id`) every sandbox customer is managed by. */
export const SANDBOX_GOOGLE_ADS_LOGIN_CUSTOMER_ID = '1000000000';
/** The demo data's CPI account at the sandbox (its `id_key`; the customer id is its digits). */
export const SANDBOX_GOOGLE_ADS_DEMO_ACCOUNT = '123-456-7890';
/** Paths under the server: the API base and the OAuth token endpoint. */
export const SANDBOX_GOOGLE_ADS_PATH = '/sandbox/google-ads';
export const SANDBOX_GOOGLE_ADS_TOKEN_PATH = '/sandbox/google-ads/token';

/** Every sandbox customer account's time zone (its report days are this zone's dates) and currency. */
export const SANDBOX_GOOGLE_ADS_TIME_ZONE = 'America/New_York';
export const SANDBOX_GOOGLE_ADS_CURRENCY = 'USD';
/** How long an access token lives (seconds), as Google's do. */
export const SANDBOX_GOOGLE_ADS_TOKEN_SECONDS = 3600;
/** Simulated time an ad's policy review takes before it reads APPROVED or DISAPPROVED. */
export const SANDBOX_GOOGLE_ADS_REVIEW_MS = 60 * 60_000;

/**
 * Phrases the sandbox's ad review disapproves (case-insensitive, in any headline or description), with the policy
 * topic it names: so the demo can show a disapproved ad.
 */
export const SANDBOX_GOOGLE_ADS_DISAPPROVED_PHRASES: Readonly<Record<string, string>> = {
  'free money': 'UNRELIABLE_CLAIMS',
  'get rich quick': 'UNRELIABLE_CLAIMS',
  casino: 'GAMBLING_AND_GAMES',
};
