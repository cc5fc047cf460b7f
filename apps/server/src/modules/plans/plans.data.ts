import { PRODUCT_TYPES, formatMoney, parseMoney, percentOf, type PricePlanName } from '@storelift/shared';

/**
 * The nine plans of customer-area §1 (docs/money.md): reached by credited payments in all (Base from 0,
 * Bronze from 1,000, …); reseller plans are set by staff. `discount` is percent off the base prices.
 */
export const PLAN_DEFINITIONS: {
  id: number;
  name: PricePlanName;
  threshold: string;
  discount: string;
  is_reseller: boolean;
}[] = [
  { id: 1, name: 'Base', threshold: '0', discount: '0', is_reseller: false },
  { id: 2, name: 'Bronze', threshold: '1000', discount: '5', is_reseller: false },
  { id: 3, name: 'Silver', threshold: '3000', discount: '10', is_reseller: false },
  { id: 4, name: 'Gold', threshold: '7000', discount: '15', is_reseller: false },
  { id: 5, name: 'Platinum', threshold: '15000', discount: '20', is_reseller: false },
  { id: 6, name: 'Diamond', threshold: '30000', discount: '25', is_reseller: false },
  { id: 7, name: 'VIP', threshold: '60000', discount: '30', is_reseller: false },
  { id: 8, name: 'Reseller Base', threshold: '1000', discount: '20', is_reseller: true },
  { id: 9, name: 'Reseller Gold', threshold: '15000', discount: '35', is_reseller: true },
];
export const BASE_PLAN_ID = 1;

/** Base price per unit of each product type on Google Play (1) and the App Store (2), in USD. */
export const BASE_PRICES: Record<1 | 2, Partial<Record<number, string>>> = {
  1: {
    [PRODUCT_TYPES.package]: '0.12',
    [PRODUCT_TYPES.keyword]: '0.16',
    [PRODUCT_TYPES.cpi]: '0.15',
    [PRODUCT_TYPES.hqReview]: '2.50',
    [PRODUCT_TYPES.rate]: '0.30',
    [PRODUCT_TYPES.review]: '1.00',
    [PRODUCT_TYPES.impressions]: '0.01',
  },
  2: {
    [PRODUCT_TYPES.package]: '0.25',
    [PRODUCT_TYPES.keyword]: '0.30',
    [PRODUCT_TYPES.cpi]: '0.30',
    [PRODUCT_TYPES.hqReview]: '3.50',
    [PRODUCT_TYPES.rate]: '0.45',
    [PRODUCT_TYPES.review]: '1.50',
    [PRODUCT_TYPES.impressions]: '0.02',
  },
};

/** The price table of every plan: base price less the plan's discount (CPI is ad spend: no discount). */
export function planPriceRows() {
  return PLAN_DEFINITIONS.flatMap((plan) =>
    ([1, 2] as const).flatMap((appstore) =>
      Object.entries(BASE_PRICES[appstore]).map(([type, base]) => {
        const price = parseMoney(base!);
        const discounted =
          Number(type) === PRODUCT_TYPES.cpi ? price : price - percentOf(price, parseMoney(plan.discount));
        return { plan_id: plan.id, appstore, type: Number(type), price: formatMoney(discounted) };
      }),
    ),
  );
}
