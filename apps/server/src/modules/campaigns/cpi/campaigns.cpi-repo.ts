import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { PRODUCT_TYPES } from '@storelift/shared';
import type { Queryable } from '../../../db/client.js';
import { campaignCpi, campaignOrderDays, campaignOrders, campaigns } from '../../../db/schema/index.js';

export type CpiRow = typeof campaignCpi.$inferSelect;
export type NewCpi = typeof campaignCpi.$inferInsert;

export async function insertCpi(db: Queryable, values: NewCpi) {
  await db.insert(campaignCpi).values(values);
}

export async function deleteCpi(db: Queryable, campaignId: number) {
  await db.delete(campaignCpi).where(eq(campaignCpi.campaign_id, campaignId));
}

export async function findCpi(db: Queryable, campaignId: number): Promise<CpiRow | undefined> {
  const [row] = await db.select().from(campaignCpi).where(eq(campaignCpi.campaign_id, campaignId));
  return row;
}

export async function updateCpi(db: Queryable, campaignId: number, values: Partial<NewCpi>) {
  await db.update(campaignCpi).set(values).where(eq(campaignCpi.campaign_id, campaignId));
}

/**
 * Adds day `day` to the one order of an unlimited campaign (planned `installs`), growing the order's and
 * the campaign's planned totals with it; a day already there stays as it is.
 */
export async function addOrderDay(
  db: Queryable,
  campaignId: number,
  orderId: number,
  day: number,
  installs: number,
) {
  const added = await db
    .insert(campaignOrderDays)
    .values({ order_id: orderId, day, installs_total: installs })
    .onConflictDoNothing()
    .returning({ day: campaignOrderDays.day });
  if (!added.length) return;
  await db
    .update(campaignOrders)
    .set({ installs_total: sql`${campaignOrders.installs_total} + ${installs}` })
    .where(eq(campaignOrders.id, orderId));
  await db
    .update(campaigns)
    .set({ installs_total: sql`${campaigns.installs_total} + ${installs}` })
    .where(eq(campaigns.id, campaignId));
}

/** Adds what the ad network reported spent on day `day` to that day of the order (statistics read it). */
export async function addDaySpend(db: Queryable, orderId: number, day: number, spend: string) {
  await db
    .update(campaignOrderDays)
    .set({ spend: sql`coalesce(${campaignOrderDays.spend}, 0) + ${spend}` })
    .where(and(eq(campaignOrderDays.order_id, orderId), eq(campaignOrderDays.day, day)));
}

/** CPI campaigns whose refund is due by `now` and not made yet, a batch after `after`. */
export function dueRefunds(db: Queryable, now: Date, after: number, limit: number) {
  return db
    .select({ id: campaignCpi.campaign_id })
    .from(campaignCpi)
    .where(
      and(
        isNotNull(campaignCpi.refund_due_at),
        isNull(campaignCpi.refunded_at),
        lte(campaignCpi.refund_due_at, now),
        gt(campaignCpi.campaign_id, after),
      ),
    )
    .orderBy(asc(campaignCpi.campaign_id))
    .limit(limit);
}

/** Active CPI campaigns, a batch after `after` (the sweep settles their spend). */
export function activeCpi(db: Queryable, after: number, limit: number) {
  return db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'active'),
        eq(campaigns.product_type, PRODUCT_TYPES.cpi),
        gt(campaigns.id, after),
      ),
    )
    .orderBy(asc(campaigns.id))
    .limit(limit);
}
