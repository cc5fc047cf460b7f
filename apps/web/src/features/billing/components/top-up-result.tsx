import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Card, Group, Loader, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleX,
  IconClockHour4,
  IconReceiptRefund,
} from '@tabler/icons-react';
import type { PaymentStatus } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { errorText } from '../../../lib/messages';
import { paymentQueryOptions } from '../api/payments';
import { resultFigures } from './top-up';

const ICONS: Record<PaymentStatus, { icon: typeof IconCircleCheck; color: string }> = {
  credited: { icon: IconCircleCheck, color: 'teal' },
  pending: { icon: IconClockHour4, color: 'gray' },
  received: { icon: IconClockHour4, color: 'yellow' },
  canceled: { icon: IconCircleX, color: 'red' },
  refunded: { icon: IconReceiptRefund, color: 'grape' },
};

/**
 * Where the provider sends the browser back (`/top-up-balance/result?payment=ID`): credited, waiting
 * (polled until it settles: crypto needs confirmations) or canceled ("Payment is canceled").
 * `onSettled` runs once the payment is final, so the caller can refresh the balances.
 */
export function TopUpResult({
  paymentId,
  balance,
  onSettled,
}: {
  paymentId: number | undefined;
  balance?: ReactNode;
  onSettled?: (status: PaymentStatus) => void;
}) {
  const { t } = useTranslation('money');
  const query = useQuery({ ...paymentQueryOptions(paymentId ?? 0), enabled: paymentId !== undefined });
  const payment = query.data?.data;
  const status = payment?.status;

  useEffect(() => {
    if (status && status !== 'pending' && status !== 'received') onSettled?.(status);
  }, [status, onSettled]);

  const links = (
    <Group gap="sm" mt="md" wrap="wrap">
      <Button component={Link} to="/top-up-balance" variant={status === 'credited' ? 'default' : 'filled'}>
        {status === 'canceled' ? t('result.tryAgain') : t('result.topUpAgain')}
      </Button>
      <Button component={Link} to="/my-transactions" variant="default">
        {t('result.transactions')}
      </Button>
      <Button component={Link} to="/dashboard" variant="subtle">
        {t('result.dashboard')}
      </Button>
    </Group>
  );

  if (paymentId === undefined || (query.error && !payment)) {
    return (
      <Card withBorder radius="lg" padding="xl">
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert" title={t('result.notFound')}>
          {query.error ? errorText(query.error) : t('result.noPayment')}
        </Alert>
        {links}
      </Card>
    );
  }
  if (!payment || !status) {
    return (
      <Card withBorder radius="lg" padding="xl">
        <Group>
          <Loader size="sm" />
          <Text>{t('result.loading')}</Text>
        </Group>
      </Card>
    );
  }

  const { icon: Icon, color } = ICONS[status];
  const waiting = status === 'pending' || status === 'received';
  return (
    <Card withBorder radius="lg" padding="xl" data-testid="top-up-result" data-status={status}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="xl" color={color} variant="light">
            <Icon size={28} stroke={1.6} />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz={{ base: 20, sm: 24 }} data-testid="top-up-result-title">
              {t(`result.title.${status}`)}
            </Title>
            <Text c="dimmed" mt={4}>
              {t(`result.text.${status}`, {
                amount: formatMoney(payment.amount),
                method: payment.paysystem.name,
              })}
            </Text>
          </div>
        </Group>

        {waiting && payment.required_confirmations > 0 && (
          <Stack gap={4}>
            <Text size="sm">
              {t('result.confirmations', {
                count: payment.confirmations,
                required: payment.required_confirmations,
              })}
            </Text>
            <Progress
              value={(100 * payment.confirmations) / payment.required_confirmations}
              animated
              aria-label={t('result.confirmationsLabel')}
            />
          </Stack>
        )}
        {waiting && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              {t('result.polling')}
            </Text>
          </Group>
        )}

        <Stack gap={4}>
          {resultFigures(payment).map(({ key, value }) => (
            <Group key={key} justify="space-between" maw={420}>
              <Text size="sm" c={key === 'bonus' ? 'teal' : 'dimmed'}>
                {t(`result.${key}`)}
              </Text>
              <Text size="sm" c={key === 'bonus' ? 'teal' : undefined} ff="monospace">
                {formatMoney(value)}
              </Text>
            </Group>
          ))}
        </Stack>
        {balance}
        {links}
      </Stack>
    </Card>
  );
}
