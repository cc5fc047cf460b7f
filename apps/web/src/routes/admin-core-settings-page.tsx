import { Stack, Tabs, Text, Title } from '@mantine/core';
import {
  IconArrowsExchange,
  IconBuildingBank,
  IconCreditCard,
  IconMail,
  IconPackage,
  IconPercentage,
  IconTool,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmailTemplatesTab } from '../features/core-settings/components/email-templates-tab';
import { MaintenanceTab } from '../features/core-settings/components/maintenance-tab';
import { MarketingTab } from '../features/core-settings/components/marketing-tab';
import { PaysystemsTab } from '../features/core-settings/components/paysystems-tab';
import { ProductsTab } from '../features/core-settings/components/products-tab';
import { ReceivingDetailsTab } from '../features/core-settings/components/receiving-details-tab';
import { TransferLimitsTab } from '../features/transfers/components/transfer-limits-tab';

/**
 * /admin/core-settings (the core-settings module; admin by default): payment systems and our receiving
 * details for the transfer systems, products, mails,
 * maintenance, the marketing percent limit and the limits of transfers between accounts.
 */
export function AdminCoreSettingsPage() {
  const { t } = useTranslation('settings');
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('subtitle')}
        </Text>
      </div>
      <Tabs defaultValue="paysystems" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab
            value="paysystems"
            leftSection={<IconCreditCard size={16} />}
            data-testid="tab-paysystems"
          >
            {t('tabs.paysystems')}
          </Tabs.Tab>
          <Tabs.Tab
            value="receiving"
            leftSection={<IconBuildingBank size={16} />}
            data-testid="tab-receiving"
          >
            {t('tabs.receiving')}
          </Tabs.Tab>
          <Tabs.Tab value="products" leftSection={<IconPackage size={16} />} data-testid="tab-products">
            {t('tabs.products')}
          </Tabs.Tab>
          <Tabs.Tab value="templates" leftSection={<IconMail size={16} />} data-testid="tab-templates">
            {t('tabs.templates')}
          </Tabs.Tab>
          <Tabs.Tab value="maintenance" leftSection={<IconTool size={16} />} data-testid="tab-maintenance">
            {t('tabs.maintenance')}
          </Tabs.Tab>
          <Tabs.Tab value="marketing" leftSection={<IconPercentage size={16} />} data-testid="tab-marketing">
            {t('tabs.marketing')}
          </Tabs.Tab>
          <Tabs.Tab
            value="transfers"
            leftSection={<IconArrowsExchange size={16} />}
            data-testid="tab-transfers"
          >
            {t('tabs.transfers')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="paysystems" pt="md">
          <PaysystemsTab />
        </Tabs.Panel>
        <Tabs.Panel value="receiving" pt="md">
          <ReceivingDetailsTab />
        </Tabs.Panel>
        <Tabs.Panel value="products" pt="md">
          <ProductsTab />
        </Tabs.Panel>
        <Tabs.Panel value="templates" pt="md">
          <EmailTemplatesTab />
        </Tabs.Panel>
        <Tabs.Panel value="maintenance" pt="md">
          <MaintenanceTab />
        </Tabs.Panel>
        <Tabs.Panel value="marketing" pt="md">
          <MarketingTab />
        </Tabs.Panel>
        <Tabs.Panel value="transfers" pt="md">
          <TransferLimitsTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
