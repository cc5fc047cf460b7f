import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../../lib/session';
import { managersQueryOptions, pricePlansQueryOptions } from '../../admin-users/api/admin-users';

/** The manager and price plan choices of the report filters; the manager list only for who sees everyone. */
export function useSalesFilterOptions() {
  const seesAll = useCan('sales-report.all-managers');
  const managers = useQuery({ ...managersQueryOptions(), enabled: seesAll });
  const plans = useQuery(pricePlansQueryOptions());
  return {
    seesAll,
    managerOptions: (managers.data?.data ?? []).map((manager) => ({
      value: String(manager.id),
      label: manager.nickname,
    })),
    planOptions: (plans.data?.data ?? []).map((plan) => ({ value: String(plan.id), label: plan.name })),
  };
}
