import { and, desc, eq, gt, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { CampaignStatus } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { apps, campaigns, transactions } from '../../db/schema/index.js';
import { rowsOf } from '../../db/sql-rows.js';

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

/** The caller's campaigns per store and country: how many and what they delivered, most installs first. */
export function regionsOf(db: Queryable, userId: number) {
  return rowsOf<{ appstore: number; code: string; name: string; campaigns: number; installs: number }>(
    db,
    sql`
    select c.appstore, co.code, co.name, count(*)::int as campaigns,
      coalesce(sum(c.installs_actual), 0)::int as installs
    from campaigns c join countries co on co.id = c.country_id
    where c.user_id = ${userId}
    group by c.appstore, co.code, co.name
    order by installs desc, campaigns desc, co.code`,
  );
}

/** Campaigns ordered since `since` per country, every customer together (counts only), most first. */
export function popularCountries(db: Queryable, since: Date, limit: number) {
  return rowsOf<{ code: string; name: string; campaigns: number; installs: number; total: number }>(
    db,
    sql`
    select co.code, co.name, count(*)::int as campaigns,
      coalesce(sum(c.installs_total), 0)::int as installs, (sum(count(*)) over ())::int as total
    from campaigns c join countries co on co.id = c.country_id
    where c.created_at >= ${since.toISOString()}::timestamptz
    group by co.code, co.name
    order by campaigns desc, co.code
    limit ${limit}`,
  );
}

/** The caller's most promoted apps (the `apps_user_alive_promotion_idx` order). */
export function popularApps(db: Queryable, userId: number, limit: number) {
  return db
    .select({
      id: apps.id,
      title: apps.title,
      icon: apps.icon,
      package: apps.package,
      appstore: apps.appstore,
      promotion_value: apps.promotion_value,
    })
    .from(apps)
    .where(and(eq(apps.user_id, userId), gt(apps.promotion_value, '0')))
    .orderBy(desc(apps.promotion_value), apps.id)
    .limit(limit);
}
