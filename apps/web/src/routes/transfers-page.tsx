import 'mantine-datatable/styles.css';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { TRANSFER_MESSAGES } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { twoFactorQueryOptions } from '../features/profile/api/profile';
import { BalanceSummary } from '../features/profile/components/header-balances';
import { transfersQueryOptions } from '../features/transfers/api/transfers';
import { TransferForm } from '../features/transfers/components/transfer-form';
import { TransfersList } from '../features/transfers/components/transfers-list';
import { translateMessage } from '../lib/messages';
import '../lib/transfer-messages';

/**
 * /transfers: send money from the main balance to another Storelift account, and the transfers so far. While staff
 * have transfers switched off (payment system 34) the form gives way to a notice; the list stays.
 */
export function TransfersPage() {
  const { t } = useTranslation('money');
  const twoFactor = useQuery(twoFactorQueryOptions()).data;
  const first = useQuery(transfersQueryOptions(1)).data;
  const limits = first?.limits;
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
      {first?.enabled === false ? (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="transfers-off">
          {translateMessage(TRANSFER_MESSAGES.switchedOff)}
        </Alert>
      ) : (
        <TransferForm
          needsCode={twoFactor?.enabled ?? false}
          maxAmount={limits?.max_amount}
          leftToday={limits?.left_today}
        />
      )}
      <TransfersList />
    </Stack>
  );
}
