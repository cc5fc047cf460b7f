import { PricePlans } from '../features/plans/components/price-plans';

/** /priceplans: the plans and the caller's progress through them. */
export function PricePlansPage() {
  return <PricePlans />;
}
