import { and, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { CampaignStatus } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { campaigns, transactions } from '../../db/schema/index.js';

/** A list filter (for the campaigns repo's `pageCampaigns`): campaigns in one of these statuses. */
export function statusIn(statuses: readonly CampaignStatus[]): SQL {
  return inArray(campaigns.status, [...statuses]);
}

/**
 * What the user's campaigns cost since `since` as a decimal text: the ledger's campaign charges (start
 * charges, CPI daily charges) less the refunds made to them in that time. By the
 * `(user_id, type, created_at)` index.
 */
export async function campaignSpending(db: Queryable, userId: number, since: Date): Promise<string> {
  const [row] = await db
    .select({ spent: sql<string>`coalesce(-sum(${transactions.amount}), 0)::text` })
    .from(transactions)
    .where(
      and(
        eq(transactions.user_id, userId),
        inArray(transactions.type, ['campaign_charge', 'cpi_daily_charge', 'refund']),
        eq(transactions.reference_type, 'campaign'),
        gte(transactions.created_at, since),
      ),
    );
  return row?.spent ?? '0';
}
