import { DashboardOverview } from '../features/dashboard/components/dashboard-overview';
import { useSession } from '../lib/session';

/** /dashboard (the root redirects here). */
export function DashboardPage() {
  const { user, roles, permissions } = useSession();
  return <DashboardOverview user={user} roles={roles} permissions={permissions} />;
}
