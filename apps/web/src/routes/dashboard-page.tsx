import { Stack } from '@mantine/core';
import { DashboardOverview } from '../features/dashboard/components/dashboard-overview';
import { PinnedNotifications } from '../features/notices/components/pinned-notifications';
import { PersonalManagerWidget } from '../features/sales/components/personal-manager';
import { useSession } from '../lib/session';

/** /dashboard (the root redirects here): the pinned notifications above the overview. */
export function DashboardPage() {
  const { user, roles, permissions } = useSession();
  return (
    <Stack gap="lg">
      <PinnedNotifications />
      <DashboardOverview
        user={user}
        roles={roles}
        permissions={permissions}
        manager={<PersonalManagerWidget />}
      />
    </Stack>
  );
}
