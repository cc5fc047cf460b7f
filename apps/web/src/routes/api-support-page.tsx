import { ApiSupport } from '../features/pages/components/api-support';

/** /api-support: authentication, credits and the public API's reference. */
export function ApiSupportPage() {
  return <ApiSupport />;
}
