import 'mantine-datatable/styles.css';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { PAYMENT_STATUSES, type PaymentStatus } from '@storelift/shared';
import { UserPaymentsTable } from '../features/billing/components/user-payments-table';
import { pricePlansQueryOptions } from '../features/plans/api/plans';

const route = getRouteApi('/app/admin/user-payments');

/** /admin/user-payments (the user-payments module; all staff by default); `?status=` filters by status. */
export function AdminUserPaymentsPage() {
  const plans = useQuery(pricePlansQueryOptions()).data ?? [];
  const { status } = route.useSearch();
  const navigate = useNavigate();
  return (
    <UserPaymentsTable
      plans={plans.map((plan) => ({ id: plan.id, name: plan.name }))}
      status={
        (PAYMENT_STATUSES as readonly string[]).includes(status ?? '') ? (status as PaymentStatus) : undefined
      }
      onStatusClear={() => void navigate({ to: '/admin/user-payments', search: {} })}
    />
  );
}
