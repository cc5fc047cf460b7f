import 'mantine-datatable/styles.css';
import { UserAppsTable } from '../features/apps/components/user-apps-table';

/** /admin/user-apps (the user-apps module; admin, manager, support and marketer by default). */
export function AdminUserAppsPage() {
  return <UserAppsTable />;
}
