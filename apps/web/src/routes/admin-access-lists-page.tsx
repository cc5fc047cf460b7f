import 'mantine-datatable/styles.css';
import { AccessListsTable } from '../features/access-lists/components/access-lists-table';

/** /admin/access-lists (the access-lists module; admin, manager and support by default). */
export function AdminAccessListsPage() {
  return <AccessListsTable />;
}
