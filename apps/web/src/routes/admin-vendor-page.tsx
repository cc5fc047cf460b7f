import 'mantine-datatable/styles.css';
import { useParams } from '@tanstack/react-router';
import { VendorDetails } from '../features/vendors/components/vendor-details';

/** /admin/vendors/{id} (the vendors module, admin only): a vendor's panel services and their mapping. */
export function AdminVendorPage() {
  const { id } = useParams({ from: '/app/admin/vendors/$id' });
  return <VendorDetails id={/^\d{1,9}$/.test(id) ? Number(id) : 0} />;
}
