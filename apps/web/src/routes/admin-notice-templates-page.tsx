import 'mantine-datatable/styles.css';
import { NoticeTemplatesTable } from '../features/notices/components/notice-templates-table';

/** /admin/notice-templates (the notice-templates module: admin, manager and support by default). */
export function AdminNoticeTemplatesPage() {
  return <NoticeTemplatesTable />;
}
