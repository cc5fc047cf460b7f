import { PRODUCT_TYPES, type CreateCampaignBody } from '@storelift/shared';
import type { CampaignDiscountTerms } from '../../../db/schema/campaigns.js';
import type { Deps } from '../../../deps.js';
import { prepareCpi } from '../cpi/campaigns.cpi.js';
import type { Prepared, Purpose } from '../campaigns.rules.js';
import { parseOrder } from './parse.js';
import { planOrder } from './plan.js';
import { priceOrder } from './price.js';
import { orderTarget } from './target.js';

/*
 * An order body's way to a campaign, one way through (docs/campaigns.md, Ordering): parse (the shared
 * rules, 422) → target (app, country, pricetag) → price (discount) → plan (vendor orders, review texts)
 * → insert (`insertOrder`, for an order or a draft; an edit and a quote stop at the plan).
 */

/**
 * Checks and prices a body for an order, a draft, an edit (`keepDiscount`: a charged campaign's) or a
 * quote. A CPI body, once its rules pass, is planned by `prepareCpi`.
 */
export async function prepare(
  deps: Deps,
  userId: number,
  body: CreateCampaignBody,
  now: Date,
  purpose: Purpose,
  keepDiscount?: CampaignDiscountTerms | null,
): Promise<Prepared> {
  const parsed = parseOrder(deps, body, now, purpose);
  if (body.productType === PRODUCT_TYPES.cpi) return prepareCpi(deps.db, userId, body);
  const target = await orderTarget(deps.db, userId, body, now);
  const priced = priceOrder(parsed, target, keepDiscount);
  return planOrder(deps.db, parsed, target, priced);
}
