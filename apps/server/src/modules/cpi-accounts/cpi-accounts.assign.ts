import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { parseMoney } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { campaignCpi, campaigns, cpiAccounts } from '../../db/schema/index.js';

/** The statuses whose daily budget an account carries: running, paused, or charged and waiting. */
export const RUNNING_ON_ACCOUNT = ['active', 'pause', 'pending'] as const;

/** The daily budgets of the campaigns running on an account, but one (decimal string). */
export function dailyUsedOf(db: Queryable, accountId: number, exceptCampaignId = 0) {
  return db
    .select({ used: sql<string>`coalesce(sum(${campaignCpi.daily_budget}), 0)::numeric(14,4)::text` })
    .from(campaignCpi)
    .innerJoin(campaigns, eq(campaigns.id, campaignCpi.campaign_id))
    .where(
      and(
        eq(campaignCpi.cpi_account_id, accountId),
        inArray(campaigns.status, [...RUNNING_ON_ACCOUNT]),
        ne(campaigns.id, exceptCampaignId),
      ),
    );
}

/**
 * Picks the CPI account a starting campaign runs on and records it: the first active account (by id) whose
 * running campaigns' daily budgets leave room for this one's under its daily limit. The active accounts are
 * locked in id order first, so two campaigns starting at once cannot both take the last room. Answers the
 * account id; null when no account is configured at all (the network's own default account runs it); and
 * undefined when accounts exist but none is active with room (the campaign waits, a deactivated account
 * takes no new campaigns).
 */
export async function assignCpiAccount(
  tx: Queryable,
  campaignId: number,
): Promise<number | null | undefined> {
  const [cpi] = await tx
    .select({ budget: campaignCpi.daily_budget })
    .from(campaignCpi)
    .where(eq(campaignCpi.campaign_id, campaignId));
  if (!cpi) return null;
  const active = await tx
    .select()
    .from(cpiAccounts)
    .where(eq(cpiAccounts.is_active, true))
    .orderBy(asc(cpiAccounts.id))
    .for('update');
  if (!active.length) {
    const [any] = await tx.select({ value: count() }).from(cpiAccounts);
    if (!any?.value) return null;
  }
  for (const account of active) {
    const [row] = await dailyUsedOf(tx, account.id, campaignId);
    if (parseMoney(account.daily_limit) - parseMoney(row!.used) < parseMoney(cpi.budget)) continue;
    await tx
      .update(campaignCpi)
      .set({ cpi_account_id: account.id })
      .where(eq(campaignCpi.campaign_id, campaignId));
    return account.id;
  }
  return undefined;
}
