import type { Deps } from '../../deps.js';
import { isUniqueViolation } from '../../lib/unique-violation.js';
import { accountIdByKey, insertCpiAccount } from '../cpi-accounts/cpi-accounts.repo.js';
import { SANDBOX_GOOGLE_ADS_DEMO_ACCOUNT } from './sandbox-google-ads.constants.js';

/**
 * The demo's Google Ads account (where sandboxes are allowed): a CPI account of network `google-ads` whose ID
 * key is a customer of the server's own sandbox Google Ads, so the demo's CPI campaigns run there. Added when
 * missing; staff's changes to it (deactivated, a lower limit) stay. Never in production.
 */
export async function seedDemoGoogleAdsAccount(deps: Deps) {
  if (!deps.config.sandbox) return;
  if (await accountIdByKey(deps.db, SANDBOX_GOOGLE_ADS_DEMO_ACCOUNT)) return;
  try {
    await insertCpiAccount(deps.db, {
      id_key: SANDBOX_GOOGLE_ADS_DEMO_ACCOUNT,
      name: 'Demo Google Ads account',
      network: 'google-ads',
      currency: 'USD',
      daily_limit: '10000',
      is_active: true,
    });
  } catch (error) {
    // Another process seeding at the same moment made it.
    if (!isUniqueViolation(error, 'cpi_accounts_id_key_unique')) throw error;
  }
}
