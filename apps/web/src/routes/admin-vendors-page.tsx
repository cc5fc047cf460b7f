import 'mantine-datatable/styles.css';
import { VendorsTable } from '../features/vendors/components/vendors-table';

/** /admin/vendors (admin only). */
export function AdminVendorsPage() {
  return <VendorsTable />;
}
