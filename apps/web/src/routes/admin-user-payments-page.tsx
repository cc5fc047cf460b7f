import 'mantine-datatable/styles.css';
import { useQuery } from '@tanstack/react-query';
import { UserPaymentsTable } from '../features/billing/components/user-payments-table';
import { pricePlansQueryOptions } from '../features/plans/api/plans';

/** /admin/user-payments (the user-payments module; all staff by default). */
export function AdminUserPaymentsPage() {
  const plans = useQuery(pricePlansQueryOptions()).data ?? [];
  return <UserPaymentsTable plans={plans.map((plan) => ({ id: plan.id, name: plan.name }))} />;
}
