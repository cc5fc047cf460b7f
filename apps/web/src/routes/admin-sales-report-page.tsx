import 'mantine-datatable/styles.css';
import { getRouteApi } from '@tanstack/react-router';
import { SalesReport } from '../features/sales/components/sales-report';

const route = getRouteApi('/app/admin/sales-report');

/** /admin/sales-report (the sales-report module: admin and manager by default). */
export function AdminSalesReportPage() {
  const { tab } = route.useSearch();
  return <SalesReport tab={tab === 'new' || tab === 'stats' ? tab : 'clients'} />;
}
