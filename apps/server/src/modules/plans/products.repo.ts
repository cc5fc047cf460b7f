import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.js';
import { planPrices, products } from '../../db/schema/index.js';

export type ProductRow = typeof products.$inferSelect;

/** One store's price list by product type; `lock` holds it for a change. */
export function listProducts(db: Queryable, appstore: number, lock = false): Promise<ProductRow[]> {
  const query = db.select().from(products).where(eq(products.appstore, appstore)).orderBy(asc(products.type));
  return lock ? query.for('update') : query;
}

/** Every plan's prices on one store. */
export function planPricesOf(db: Queryable, appstore: number) {
  return db
    .select()
    .from(planPrices)
    .where(eq(planPrices.appstore, appstore))
    .orderBy(asc(planPrices.plan_id), asc(planPrices.type));
}

export async function saveProductPrice(db: Queryable, appstore: number, type: number, price: string) {
  await db
    .insert(products)
    .values({ appstore, type, price })
    .onConflictDoUpdate({
      target: [products.appstore, products.type],
      set: { price, updated_at: new Date() },
      setWhere: sql`${products.price} <> excluded.price`,
    });
}

export async function savePlanPrice(
  db: Queryable,
  planId: number,
  appstore: number,
  type: number,
  price: string,
) {
  await db
    .insert(planPrices)
    .values({ plan_id: planId, appstore, type, price })
    .onConflictDoUpdate({
      target: [planPrices.plan_id, planPrices.appstore, planPrices.type],
      set: { price },
    });
}

/**
 * Copies the plans' prices on a store into the pricetags of the users on them (pricetags are the plan's
 * prices copied per user, which quotes read), so the next quote of every user follows a change.
 */
export async function repriceUsers(db: Queryable, appstore: number) {
  await db.execute(sql`
    update pricetags t set price = pp.price, updated_at = now()
    from billing_profiles bp, plan_prices pp
    where bp.user_id = t.user_id and pp.plan_id = bp.price_plan_id
      and pp.appstore = t.appstore and pp.type = t.type
      and t.appstore = ${appstore} and t.price <> pp.price`);
}
