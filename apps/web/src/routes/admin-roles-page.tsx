import 'mantine-datatable/styles.css';
import { RolesTable } from '../features/permissions/components/roles-table';

/** /admin/role (the roles module; admin by default). */
export function AdminRolesPage() {
  return <RolesTable />;
}
