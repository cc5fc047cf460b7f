import type { PricePlanName } from '@storelift/shared';

/**
 * The nine plans of customer-area §1 (docs/money.md): reached by credited payments in all (Base from 0,
 * Bronze from 1,000, …); reseller plans are set by staff. `discount` is percent off the base prices
 * when the plans' prices were first seeded; the prices themselves live in the database (`products`, `plan_prices`,
 * edited on the core settings page).
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
