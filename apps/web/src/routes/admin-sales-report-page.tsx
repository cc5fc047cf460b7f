import 'mantine-datatable/styles.css';
import { SalesReport } from '../features/sales/components/sales-report';

/** /admin/sales-report (the sales-report module: admin and manager by default). */
export function AdminSalesReportPage() {
  return <SalesReport />;
}
