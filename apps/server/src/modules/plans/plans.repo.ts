import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { billingProfiles, planPrices, pricePlans, pricetags } from '../../db/schema/index.js';

export type PricePlanRow = typeof pricePlans.$inferSelect;
export type PricetagRow = typeof pricetags.$inferSelect;

/** Every plan in their order (the non-reseller ladder first). */
export function listPlans(db: Queryable): Promise<PricePlanRow[]> {
  return db.select().from(pricePlans).orderBy(asc(pricePlans.sort), asc(pricePlans.id));
}

export async function findPlan(db: Queryable, id: number): Promise<PricePlanRow | undefined> {
  const [row] = await db.select().from(pricePlans).where(eq(pricePlans.id, id));
  return row;
}

/** Every plan's price table. */
export function listPlanPrices(db: Queryable) {
  return db.select().from(planPrices).orderBy(planPrices.plan_id, planPrices.appstore, planPrices.type);
}

/** The user's pricetags, Google Play first, by product type. */
export function pricetagsOf(db: Queryable, userId: number): Promise<PricetagRow[]> {
  return db
    .select()
    .from(pricetags)
    .where(eq(pricetags.user_id, userId))
    .orderBy(asc(pricetags.appstore), asc(pricetags.type));
}

/** Copies the plan's price table into the user's pricetags (replacing them) and puts the user on it. */
export async function syncPricetags(db: Queryable, userId: number, planId: number) {
  await db.update(billingProfiles).set({ price_plan_id: planId }).where(eq(billingProfiles.user_id, userId));
  await db.delete(pricetags).where(eq(pricetags.user_id, userId));
  await db.execute(sql`
    insert into pricetags (user_id, appstore, type, price, is_active)
    select ${userId}::int, appstore, type, price, true from plan_prices where plan_id = ${planId}`);
}
