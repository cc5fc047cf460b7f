import { parseMoney, type Money } from '@storelift/shared';
import type { Db } from '../../../db/client.js';
import type { CampaignDiscountTerms } from '../../../db/schema/campaigns.js';
import {
  campaignDiscount,
  discountOf,
  discountedUnitPrice,
} from '../../marketing/marketing-actions.service.js';
import { priceOf } from '../campaigns.plan.js';
import type { ParsedOrder } from './parse.js';
import type { OrderTarget } from './target.js';

/** A priced order: the unit price (discounted) and the discount in it, if any. */
export interface PricedOrder {
  unitPrice: string;
  discount: CampaignDiscountTerms | null;
}

/**
 * Step 3 of an order: the unit price. The running discount (read with the target) goes into it, so the charge,
 * refunds and the quote all read one price; `keepDiscount` (an edit of a charged campaign) keeps the one it was
 * charged with.
 */
export function priceOrder(
  parsed: ParsedOrder,
  target: OrderTarget,
  keepDiscount?: CampaignDiscountTerms | null,
): PricedOrder {
  const { body, smart, plan, keywords } = parsed;
  const perOrder = plan.reduce((a, b) => a + b, 0);
  const listPrice = smart
    ? parseMoney(body.budget!)
    : parseMoney(priceOf(target.unitPrice, perOrder * Math.max(1, keywords.length)));
  const running = discountOf(target.discountAction, listPrice);
  const discount =
    keepDiscount !== undefined ? keepDiscount : running && { ...running, list_unit_price: target.unitPrice };
  const unitPrice = discount ? discountedUnitPrice(target.unitPrice, discount.percent) : target.unitPrice;
  return { unitPrice, discount };
}

/** The running discount's terms for an order of `body` whose undiscounted price is `listPrice`, or null. */
export async function discountTerms(
  db: Db,
  userId: number,
  body: { appstore: number; country: string; productType: number },
  listUnitPrice: string,
  listPrice: Money,
  now: Date,
): Promise<CampaignDiscountTerms | null> {
  const audience = {
    userId,
    country: body.country,
    store: body.appstore,
    product: body.productType,
  };
  const found = await campaignDiscount(db, audience, listPrice, now);
  return found && { ...found, list_unit_price: listUnitPrice };
}
