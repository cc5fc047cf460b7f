import 'mantine-datatable/styles.css';
import { CpiAccountsTable } from '../features/cpi-accounts/components/cpi-accounts-table';

/** /admin/cpi-accounts (the cpi-accounts module; all staff by default, managed by the admin). */
export function AdminCpiAccountsPage() {
  return <CpiAccountsTable />;
}
