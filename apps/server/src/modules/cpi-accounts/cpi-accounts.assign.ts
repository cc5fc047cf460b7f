import { parseMoney } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import {
  anyCpiAccount,
  cpiBudgetOf,
  dailyUsedOf,
  lockActiveAccounts,
  setCampaignAccount,
} from './cpi-accounts.repo.js';

/**
 * Picks the CPI account a starting campaign runs on and records it: the first active account (by id) whose
 * running campaigns' daily budgets leave room for this one's under its daily limit. The active accounts are
 * locked in id order first, so two campaigns starting at once cannot both take the last room. Answers the
 * account id (only accounts whose network `runsOn` the ad network in use); null when no account is configured at all (the network's own default account runs it); and
 * undefined when accounts exist but none is active with room (the campaign waits, a deactivated account
 * takes no new campaigns).
 */
export async function assignCpiAccount(
  tx: Queryable,
  campaignId: number,
  runsOn: (network: string) => boolean = () => true,
): Promise<number | null | undefined> {
  const budget = await cpiBudgetOf(tx, campaignId);
  if (budget === undefined) return null;
  const active = await lockActiveAccounts(tx);
  if (!active.length && !(await anyCpiAccount(tx))) return null;
  for (const account of active) {
    if (!runsOn(account.network)) continue;
    const used = await dailyUsedOf(tx, account.id, campaignId);
    if (parseMoney(account.daily_limit) - parseMoney(used) < parseMoney(budget)) continue;
    await setCampaignAccount(tx, campaignId, account.id);
    return account.id;
  }
  return undefined;
}
