/** The public API's base path, prices and limits, as plain values the web's API support page reads. */

/** The base path of the public API, paid with credits (docs/public-api.md). */
export const PUBLIC_API_BASE = '/api/v1';

/**
 * What each operation of the public API costs in credits (customer-area §9: 1-2 a paid call): usage and
 * reference data are free, reads cost 1, history and orders 2. The server charges from this table and
 * publishes it in the OpenAPI document (`x-credits`) and on API support.
 */
export const PUBLIC_API_CREDITS = {
  getUsage: 0,
  listApps: 1,
  addApp: 1,
  getAppStatus: 1,
  listKeywords: 1,
  addKeyword: 1,
  deleteKeyword: 1,
  getKeywordRank: 1,
  getKeywordRankHistory: 2,
  quoteCampaign: 1,
  orderCampaign: 2,
  listCampaigns: 1,
  getCampaign: 1,
  pauseCampaign: 1,
  resumeCampaign: 1,
  cancelCampaign: 1,
  getBalance: 1,
  listTransactions: 1,
  getStatistics: 1,
} as const;
export type PublicApiOperation = keyof typeof PUBLIC_API_CREDITS;

/** Requests a token may make per window (docs/public-api.md, Rate limit). */
export const PUBLIC_API_RATE_LIMIT = { max: 60, windowSeconds: 10 } as const;

/** Prefixes of the two kinds of token: a live one spends credits, a test one answers dry runs. */
export const API_TOKEN_PREFIX = { live: 'sl_', test: 'sl_test_' } as const;
