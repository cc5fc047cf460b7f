import 'mantine-datatable/styles.css';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { BillingHistory } from '../features/billing/components/billing-history';
import { TopUpForm } from '../features/billing/components/top-up-form';
import { BalanceSummary } from '../features/profile/components/header-balances';

/** /top-up-balance: the balances, the top-up form and the billing history. */
export function TopUpPage() {
  const { t } = useTranslation('money');
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('topUp.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('topUp.subtitle')}
        </Text>
      </div>
      <BalanceSummary />
      <TopUpForm />
      <BillingHistory />
    </Stack>
  );
}
