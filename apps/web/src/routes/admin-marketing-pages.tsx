import 'mantine-datatable/styles.css';
import { AdsReportTable } from '../features/marketing/components/ads-report-table';
import { MarketingActionsTable } from '../features/marketing/components/marketing-actions-table';

/** /admin/marketing-actions (the marketing-actions module; managed with `marketing-actions.manage`). */
export function AdminMarketingActionsPage() {
  return <MarketingActionsTable />;
}

/** /admin/google-ads-report (the google-ads-report module: admin, ppc and marketer by default). */
export function AdminAdsReportPage() {
  return <AdsReportTable />;
}
