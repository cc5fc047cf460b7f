import 'mantine-datatable/styles.css';
import { CatalogTable } from '../features/permissions/components/catalog-table';

/** /admin/modules (the modules module; admin by default). */
export function AdminModulesPage() {
  return <CatalogTable kind="module" />;
}

/** /admin/functions (the functions module; admin by default). */
export function AdminFunctionsPage() {
  return <CatalogTable kind="function" />;
}
