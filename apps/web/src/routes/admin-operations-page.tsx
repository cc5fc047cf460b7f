import 'mantine-datatable/styles.css';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { FailuresPanel } from '../features/operations/components/failures-panel';
import { QueuesTable } from '../features/operations/components/queues-table';
import { VendorsHealth } from '../features/operations/components/vendors-health';

/**
 * /admin/operations (the operations module; admin by default): what failed in the last day, the vendors' balances
 * and failures, and the job queues.
 */
export function AdminOperationsPage() {
  const { t } = useTranslation('operations');
  return (
    <Stack gap="xl">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('subtitle')}
        </Text>
      </div>
      <FailuresPanel />
      <VendorsHealth />
      <QueuesTable />
    </Stack>
  );
}
