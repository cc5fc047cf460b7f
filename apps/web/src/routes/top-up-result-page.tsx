import { useCallback } from 'react';
import { Stack, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { billingKeys } from '../features/billing/api/payments';
import { TopUpResult } from '../features/billing/components/top-up-result';
import { planKeys } from '../features/plans/api/plans';
import { profileKeys } from '../features/profile/api/profile';
import { BalanceSummary } from '../features/profile/components/header-balances';

const route = getRouteApi('/app/top-up-balance/result');

/** /top-up-balance/result?payment=ID: where the payment provider sends the browser back. */
export function TopUpResultPage() {
  const { t } = useTranslation('money');
  const { payment } = route.useSearch();
  const client = useQueryClient();
  const id = payment && /^\d{1,9}$/.test(payment) ? Number(payment) : undefined;

  // A settled payment changes the balances, the history and maybe the price plan.
  const onSettled = useCallback(() => {
    void client.invalidateQueries({ queryKey: profileKeys.all });
    void client.invalidateQueries({ queryKey: billingKeys.payments });
    void client.invalidateQueries({ queryKey: billingKeys.transactions });
    void client.invalidateQueries({ queryKey: planKeys.all });
  }, [client]);

  return (
    <Stack gap="lg" maw={760}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('result.heading')}
      </Title>
      <TopUpResult paymentId={id} onSettled={onSettled} balance={<BalanceSummary />} />
    </Stack>
  );
}
