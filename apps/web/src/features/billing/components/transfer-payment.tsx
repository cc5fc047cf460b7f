import { useState } from 'react';
import { Alert, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconBuildingBank, IconFileDownload, IconInfoCircle } from '@tabler/icons-react';
import { PAYMENT_SYSTEMS, type ReceivingDetails } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { CopyValue } from '../../../components/copy-value';
import { showApiError } from '../../../components/error-modal';
import { formatDate, formatMoney } from '../../../lib/format';
import { errorText, translateMessage } from '../../../lib/messages';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { downloadInvoice } from '../api/payments';
import { transferPaymentQueryOptions, useCancelTransferPayment } from '../api/transfer-payments';
import { PaymentStatusBadge } from './payment-status';

const FIELDS = ['beneficiary', 'bank_name', 'account', 'swift', 'routing', 'bank_address'] as const;

/** One line to copy: its label, the value (monospace), and a copy button. */
function CopyRow({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500} c="dimmed" w="38%">
        {label}
      </Table.Th>
      <Table.Td>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text
            size="sm"
            ff="monospace"
            style={{ whiteSpace: 'pre-line', wordBreak: 'break-word' }}
            data-testid={testId}
          >
            {value}
          </Text>
          <CopyValue value={value} label={label} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** Our account for the payment's system, the filled fields only (Wise and Payoneer read as account details). */
function ReceivingTable({ paysystemId, details }: { paysystemId: number; details: ReceivingDetails }) {
  const { t } = useTranslation('money');
  const group = paysystemId === PAYMENT_SYSTEMS.bankTransfer ? 'bank' : 'account';
  return (
    <Table withRowBorders verticalSpacing="xs" data-testid="transfer-receiving">
      <Table.Tbody>
        {FIELDS.filter((field) => details[field]).map((field) => (
          <CopyRow key={field} label={t(`transferPayment.fields.${group}.${field}`)} value={details[field]} />
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A bank transfer, Wise or Payoneer payment (customer-area §3, docs/money.md Paying by transfer): where to send
 * the exact amount, the reference to write on it, until when, the pro-forma invoice, and cancelling it.
 */
export function TransferPayment({ paymentId }: { paymentId: number | undefined }) {
  const { t } = useTranslation('money');
  const query = useQuery({
    ...transferPaymentQueryOptions(paymentId ?? 0),
    enabled: paymentId !== undefined,
  });
  const cancel = useCancelTransferPayment(paymentId ?? 0);
  const [confirming, setConfirming] = useState(false);
  const [downloading, setDownloading] = useState(false);

  if (paymentId === undefined || query.error) {
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle size={18} />}
        role="alert"
        title={t('transferPayment.notFound')}
      >
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{query.error ? errorText(query.error) : t('result.noPayment')}</Text>
          <Button component={Link} to="/top-up-balance" variant="default" size="xs">
            {t('transferPayment.back')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!query.data) {
    return (
      <Group>
        <Loader size="sm" role="status" aria-label={t('result.loading')} />
        <Text>{t('result.loading')}</Text>
      </Group>
    );
  }

  const { data: payment, receiving, currency } = query.data;
  const awaiting = payment.status === 'pending';
  const amount = `${formatMoney(payment.total)} ${currency}`;
  const onCancel = async () => {
    try {
      const answer = await cancel.mutateAsync();
      notifySuccess(translateMessage(answer.message));
    } catch (error) {
      showApiError(error);
    } finally {
      setConfirming(false);
    }
  };
  const onDownload = () => {
    setDownloading(true);
    downloadInvoice(payment.id)
      .catch(() => notifyError(t('history.downloadFailed')))
      .finally(() => setDownloading(false));
  };

  return (
    <Stack gap="lg" data-testid="transfer-payment" data-status={payment.status}>
      <Group gap="sm">
        <Text c="dimmed">
          {t('transferPayment.paymentNo', { id: payment.id, method: payment.paysystem.name })}
        </Text>
        <PaymentStatusBadge status={payment.status} awaitingTransfer={payment.reference !== null} />
      </Group>

      {awaiting ? (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} title={t('transferPayment.howTitle')}>
          {t('transferPayment.how', {
            amount,
            date: formatDate(payment.expires_at),
          })}
        </Alert>
      ) : (
        <Alert color={payment.status === 'credited' ? 'teal' : 'gray'} role="status">
          {t(`transferPayment.state.${payment.status}`)}
        </Alert>
      )}

      <Card withBorder radius="lg" padding="lg">
        <Stack gap="md">
          <Table withRowBorders verticalSpacing="xs">
            <Table.Tbody>
              <CopyRow label={t('transferPayment.amount')} value={amount} testId="transfer-amount" />
              <CopyRow
                label={t('transferPayment.reference')}
                value={payment.reference ?? ''}
                testId="transfer-reference"
              />
              {awaiting && payment.expires_at && (
                <Table.Tr>
                  <Table.Th scope="row" fw={500} c="dimmed">
                    {t('transferPayment.expires')}
                  </Table.Th>
                  <Table.Td>
                    <Text size="sm" data-testid="transfer-expires">
                      {formatDate(payment.expires_at)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          <Text size="sm" c="dimmed">
            {t('transferPayment.referenceNote')}
          </Text>
        </Stack>
      </Card>

      {/* Where to send it, while it is awaited: a settled or canceled payment is not paid again. */}
      {awaiting && (
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Group gap="xs">
              <IconBuildingBank size={20} stroke={1.6} />
              <Title order={2} fz="lg">
                {t('transferPayment.payTo', { method: payment.paysystem.name })}
              </Title>
            </Group>
            <ReceivingTable paysystemId={payment.paysystem_id} details={receiving} />
          </Stack>
        </Card>
      )}

      <Group gap="sm">
        {awaiting && (
          <Button
            leftSection={<IconFileDownload size={18} />}
            loading={downloading}
            onClick={onDownload}
            data-testid="transfer-proforma"
          >
            {t('transferPayment.proforma')}
          </Button>
        )}
        {awaiting && (
          <Button
            color="red"
            variant="light"
            onClick={() => setConfirming(true)}
            data-testid="transfer-cancel"
          >
            {t('transferPayment.cancel')}
          </Button>
        )}
        <Button component={Link} to="/top-up-balance" variant="default">
          {t('transferPayment.back')}
        </Button>
      </Group>

      <ConfirmModal
        opened={confirming}
        title={t('transferPayment.cancelTitle')}
        confirmLabel={t('transferPayment.cancelConfirm')}
        loading={cancel.isPending}
        onConfirm={() => void onCancel()}
        onClose={() => setConfirming(false)}
      >
        {t('transferPayment.cancelText')}
      </ConfirmModal>
    </Stack>
  );
}
