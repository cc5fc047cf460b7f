import { CAMPAIGN_MESSAGES, MESSAGES, type CreateCampaignBody } from '@storelift/shared';
import type { Db } from '../../../db/client.js';
import { NotFoundError, ValidationError } from '../../../lib/errors.js';
import { ensureBillingProfile } from '../../plans/profiles.repo.js';
import * as repo from '../campaigns.repo.js';
import type { RunningDiscountAction } from '../../marketing/marketing-actions.repo.js';

/** Where an order goes: the app, the country, the product's list price for the user and its running discount. */
export interface OrderTarget {
  appId: number;
  countryId: number;
  unitPrice: string;
  /** The campaign discount running for the order's user, store, country and product, read with the rest. */
  discountAction: RunningDiscountAction | null;
}

/**
 * Step 2 of an order: the app (one the caller tracks on that store, else 404), the country (422), the user's
 * active pricetag of the product (422 "This product is temporarily disabled" without one) and the running
 * campaign discount, read in one query; a user without a billing profile yet gets one (with the plan's
 * pricetags) first.
 */
export async function orderTarget(
  db: Db,
  userId: number,
  body: CreateCampaignBody,
  at = new Date(),
): Promise<OrderTarget> {
  const target = {
    appstore: body.appstore,
    package: body.packageId,
    country: body.country.toUpperCase(),
    type: body.productType,
    at,
  };
  const found = await repo.orderTargetOf(db, userId, target);
  if (!found) throw new NotFoundError();
  if (found.countryId === null) throw ValidationError.field('country', MESSAGES.countryInvalid);
  let unitPrice: string | null | undefined = found.unitPrice;
  if (!unitPrice) {
    await ensureBillingProfile(db, userId);
    unitPrice = await repo.pricetagOf(db, userId, body.appstore, body.productType);
  }
  if (!unitPrice) throw ValidationError.field('productType', CAMPAIGN_MESSAGES.productDisabled);
  return { appId: found.appId, countryId: found.countryId, unitPrice, discountAction: found.discountAction };
}
