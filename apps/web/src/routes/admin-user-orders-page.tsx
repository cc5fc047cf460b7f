import 'mantine-datatable/styles.css';
import { lazy } from 'react';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { UserOrdersTable } from '../features/admin-campaigns/components/user-orders-table';
import { DelayedStart } from '../features/campaigns/components/delayed-start';

const route = getRouteApi('/app/admin/user-orders');

// The campaigns feature's per-day chart, loaded with the charts library only when a drawer opens.
const CampaignChart = lazy(() =>
  import('../features/campaigns/components/campaign-chart').then((m) => ({ default: m.CampaignChart })),
);

/** A `userId` URL value as a user id (the user lists page links here with it). */
function userIdOf(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** /admin/user-orders (staff: admin, manager, support, marketer): every customer's campaigns. */
export function AdminUserOrdersPage() {
  const { userId } = route.useSearch();
  const navigate = useNavigate();
  return (
    <UserOrdersTable
      userId={userIdOf(userId)}
      onUserChange={(id) =>
        void navigate({ to: '/admin/user-orders', search: id === undefined ? {} : { userId: String(id) } })
      }
      Chart={CampaignChart}
      StartTime={DelayedStart}
    />
  );
}
