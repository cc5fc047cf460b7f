import { CAMPAIGN_MESSAGES, ORDERABLE_PRODUCT_TYPES, PRODUCT_TYPES } from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { ValidationError } from '../../lib/errors.js';
import { runsAds } from '../../providers/ad-network/create-ad-network.js';

/*
 * What this deployment can deliver, so it sells nothing it cannot (docs/campaigns.md, What can be ordered):
 * CPI needs an ad network (Google Ads with credentials, or its sandbox where sandboxes are allowed) and guaranteed reviews a
 * store provider that can check reviews (the live stores read them; the offline catalog with its simulation).
 */

/** Why a product type cannot be ordered here, or null when it can. */
function unavailableReason(deps: Pick<Deps, 'config' | 'store'>, type: number): string | null {
  if (type === PRODUCT_TYPES.cpi)
    return runsAds(deps.config) ? null : CAMPAIGN_MESSAGES.campaignCpiUnavailable;
  if (!(ORDERABLE_PRODUCT_TYPES as readonly number[]).includes(type))
    return CAMPAIGN_MESSAGES.campaignProductUnavailable;
  if (type === PRODUCT_TYPES.hqReview && !deps.store.canCheckReviews)
    return CAMPAIGN_MESSAGES.campaignGuaranteeUnavailable;
  return null;
}

/** The product types customers can order here (`GET constants` tells the web as `orderableProductTypes`). */
export function orderableProductTypes(deps: Pick<Deps, 'config' | 'store'>): number[] {
  return [...ORDERABLE_PRODUCT_TYPES, PRODUCT_TYPES.cpi]
    .filter((type) => unavailableReason(deps, type) === null)
    .sort((a, b) => a - b);
}

/** 422 on `productType` naming why, when the product type cannot be ordered here. */
export function requireOrderable(deps: Pick<Deps, 'config' | 'store'>, type: number) {
  const reason = unavailableReason(deps, type);
  if (reason) throw ValidationError.field('productType', reason);
}
