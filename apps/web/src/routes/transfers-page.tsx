import 'mantine-datatable/styles.css';
import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { twoFactorQueryOptions } from '../features/profile/api/profile';
import { BalanceSummary } from '../features/profile/components/header-balances';
import { transfersQueryOptions } from '../features/transfers/api/transfers';
import { TransferForm } from '../features/transfers/components/transfer-form';
import { TransfersList } from '../features/transfers/components/transfers-list';

/** /transfers: send money from the main balance to another Storelift account, and the transfers so far. */
export function TransfersPage() {
  const { t } = useTranslation('money');
  const twoFactor = useQuery(twoFactorQueryOptions()).data;
  const limits = useQuery(transfersQueryOptions(1)).data?.limits;
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('transfers.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('transfers.subtitle')}
        </Text>
      </div>
      <BalanceSummary />
      <TransferForm
        needsCode={twoFactor?.enabled ?? false}
        maxAmount={limits?.max_amount}
        leftToday={limits?.left_today}
      />
      <TransfersList />
    </Stack>
  );
}
