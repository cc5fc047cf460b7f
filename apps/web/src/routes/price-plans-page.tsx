import { useQuery } from '@tanstack/react-query';
import { PricePlans } from '../features/plans/components/price-plans';
import { constantsQueryOptions } from '../features/reference/api/reference';

/** /priceplans: the plans and the caller's progress through them, with the prices of what is sold here. */
export function PricePlansPage() {
  const constants = useQuery(constantsQueryOptions());
  return <PricePlans orderable={constants.data?.orderableProductTypes} />;
}
