import 'mantine-datatable/styles.css';
import { Stack } from '@mantine/core';
import { ApiSupport } from '../features/pages/components/api-support';
import { WebhooksSection } from '../features/webhooks/components/webhooks-section';

/** /api-support: authentication, credits and the public API's reference; then the user's webhooks. */
export function ApiSupportPage() {
  return (
    <Stack gap="lg">
      <ApiSupport />
      <WebhooksSection />
    </Stack>
  );
}
