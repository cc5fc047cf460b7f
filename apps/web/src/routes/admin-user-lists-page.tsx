import 'mantine-datatable/styles.css';
import { UserListTable } from '../features/admin-users/components/user-list-table';

/** /admin/user-lists (staff: admin, manager, support, ppc, marketer). */
export function AdminUserListsPage() {
  return <UserListTable />;
}
