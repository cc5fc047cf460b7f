import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { MyClientsTab } from './my-clients-tab';
import { NewClientsTab } from './new-clients-tab';
import { SalesStatisticsTab } from './sales-statistics-tab';

/**
 * The sales report (staff-admin §2): My clients, New clients and Statistics, each tab loading on its own; `tab`
 * is the one first shown (the staff home opens New clients).
 */
export function SalesReport({ tab = 'clients' }: { tab?: 'clients' | 'new' | 'stats' }) {
  const { t } = useTranslation('sales');
  return (
    <Stack gap="lg">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <Tabs defaultValue={tab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="clients">{t('tabs.clients')}</Tabs.Tab>
          <Tabs.Tab value="new" data-testid="sales-tab-new">
            {t('tabs.newClients')}
          </Tabs.Tab>
          <Tabs.Tab value="stats">{t('tabs.statistics')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="clients">
          <MyClientsTab />
        </Tabs.Panel>
        <Tabs.Panel value="new">
          <NewClientsTab />
        </Tabs.Panel>
        <Tabs.Panel value="stats">
          <SalesStatisticsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
