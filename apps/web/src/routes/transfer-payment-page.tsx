import { Stack, Title } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TransferPayment } from '../features/billing/components/transfer-payment';

/** /top-up-balance/transfer/{id}: where the checkout of a bank transfer, Wise or Payoneer payment leads. */
export function TransferPaymentPage() {
  const { t } = useTranslation('money');
  const { paymentId } = useParams({ from: '/app/top-up-balance/transfer/$paymentId' });
  const id = /^\d{1,9}$/.test(paymentId) ? Number(paymentId) : undefined;
  return (
    <Stack gap="lg" maw={860}>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {t('transferPayment.heading')}
      </Title>
      <TransferPayment paymentId={id} />
    </Stack>
  );
}
