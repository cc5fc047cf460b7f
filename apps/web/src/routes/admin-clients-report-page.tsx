import 'mantine-datatable/styles.css';
import { ClientsReport } from '../features/sales/components/clients-report';

/** /admin/clients-report (the clients-report module: all staff by default). */
export function AdminClientsReportPage() {
  return <ClientsReport />;
}
