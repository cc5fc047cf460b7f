import 'mantine-datatable/styles.css';
import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header';
import { useSession } from '../lib/session';
import { LinesTable } from '../features/reconciliation/components/lines-table';
import { StatementsTable } from '../features/reconciliation/components/statements-table';
import { StatementUpload } from '../features/reconciliation/components/statement-upload';

/**
 * /admin/reconciliation (the reconciliation module, all staff by default; uploading and resolving lines need
 * users.change-balance):
 * bank, Wise and Payoneer statements matched to transfer payments, and the lines left to staff.
 */
export function AdminReconciliationPage() {
  const { t } = useTranslation('staffmoney');
  const { permissions } = useSession();
  return (
    <Stack gap="lg">
      <PageHeader title={t('reconciliation.title')} subtitle={t('reconciliation.subtitle')} />
      {permissions.includes('users.change-balance') && <StatementUpload />}
      <Tabs defaultValue="queue" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="queue" data-testid="tab-queue">
            {t('reconciliation.tabs.queue')}
          </Tabs.Tab>
          <Tabs.Tab value="statements" data-testid="tab-statements">
            {t('reconciliation.tabs.statements')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="queue" pt="md">
          <LinesTable state="unmatched" testId="unmatched-lines" />
        </Tabs.Panel>
        <Tabs.Panel value="statements" pt="md">
          <StatementsTable />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
