import {
  SETTINGS_MESSAGES,
  formatMoney,
  type Product,
  type ProductsResponse,
  type productsBodySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/client.js';
import { ValidationError } from '../../lib/errors.js';
import { audit } from '../audit/audit.js';
import * as plansRepo from './plans.repo.js';
import * as repo from './products.repo.js';

/** One store's price list with every plan's pricetag per product type. */
async function priceList(db: Queryable, appstore: number, lock = false): Promise<Product[]> {
  const [base, plans, prices] = await Promise.all([
    repo.listProducts(db, appstore, lock),
    plansRepo.listPlans(db),
    repo.planPricesOf(db, appstore),
  ]);
  return base.map((product) => ({
    appstore,
    type: product.type,
    price: product.price,
    pricetags: plans.map((plan) => ({
      priceplan_id: plan.id,
      name: plan.name,
      price:
        prices.find((row) => row.plan_id === plan.id && row.type === product.type)?.price ?? product.price,
    })),
  }));
}

/** `GET products` (staff-admin §3 Admin products): the price list of a store (Google Play by default). */
export async function listProducts(db: Db, appstore: number): Promise<ProductsResponse> {
  const data = await priceList(db, appstore);
  return { data, meta: { total: data.length }, appstore };
}

/**
 * `PUT products` (admin, no id): sets base prices and plan pricetags of one store, and the pricetags of the
 * users on those plans, so the next quote uses them; a campaign keeps the unit price it was charged at.
 */
export async function updateProducts(db: Db, body: z.output<typeof productsBodySchema>) {
  const plans = await plansRepo.listPlans(db);
  const errors: Record<string, string[]> = {};
  body.products.forEach((product, i) =>
    product.pricetags.forEach((tag, j) => {
      if (!plans.some((plan) => plan.id === tag.priceplan_id))
        errors[`products.${i}.pricetags.${j}.priceplan_id`] = [SETTINGS_MESSAGES.planUnknown];
    }),
  );
  if (Object.keys(errors).length) throw new ValidationError(errors);

  await db.transaction(async (tx) => {
    // Locks the store's list: two saves at once apply one after the other, each audited against the last.
    const before = await priceList(tx, body.appstore, true);
    for (const product of body.products) {
      await repo.saveProductPrice(tx, body.appstore, product.type, formatMoney(product.price));
      for (const tag of product.pricetags)
        await repo.savePlanPrice(tx, tag.priceplan_id, body.appstore, product.type, formatMoney(tag.price));
    }
    await repo.repriceUsers(tx, body.appstore);
    const after = await priceList(tx, body.appstore);
    if (JSON.stringify(before) !== JSON.stringify(after)) {
      await audit(tx, {
        action: 'products.update',
        target: { type: 'products', id: body.appstore },
        before: auditView(before),
        after: auditView(after),
      });
    }
  });
  return { ...(await listProducts(db, body.appstore)), message: SETTINGS_MESSAGES.productsSaved };
}

/** A price list as the audit log keeps it: type → base price and price per plan. */
const auditView = (list: Product[]) =>
  Object.fromEntries(
    list.map((product) => [
      product.type,
      {
        price: product.price,
        ...Object.fromEntries(product.pricetags.map((tag) => [tag.name, tag.price])),
      },
    ]),
  );
