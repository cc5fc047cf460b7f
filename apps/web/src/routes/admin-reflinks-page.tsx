import 'mantine-datatable/styles.css';
import { ReflinksTable } from '../features/reflinks/components/reflinks-table';

/** /admin/reflinks (the reflinks module; all staff by default, managed by the admin). */
export function AdminReflinksPage() {
  return <ReflinksTable />;
}
