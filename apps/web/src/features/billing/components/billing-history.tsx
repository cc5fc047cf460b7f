import { useState } from 'react';
import { ActionIcon, Anchor, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconFileDownload, IconReceipt } from '@tabler/icons-react';
import { parseMoney, type Payment } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ListError, usePagedTableProps } from '../../../components/paged-table';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { downloadInvoice, paymentsQueryOptions, type PaymentListParams } from '../api/payments';
import { PaymentStatusBadge } from './payment-status';

const PAGE_SIZE = 10;
const SORTABLE = { created_at: 'created_at', amount: 'amount', id: 'id', status: 'status' } as const;

function InvoiceButton({ payment }: { payment: Payment }) {
  const { t } = useTranslation('money');
  const [busy, setBusy] = useState(false);
  if (!payment.invoice) return null;
  const label = t('history.invoice', { number: payment.invoice_number ?? payment.id });
  return (
    <Tooltip label={label} withArrow>
      <ActionIcon
        variant="subtle"
        aria-label={label}
        loading={busy}
        data-testid={`invoice-${payment.id}`}
        onClick={() => {
          setBusy(true);
          downloadInvoice(payment.id)
            .catch(() => notifyError(t('history.downloadFailed')))
            .finally(() => setBusy(false));
        }}
      >
        <IconFileDownload size={18} stroke={1.6} />
      </ActionIcon>
    </Tooltip>
  );
}

/** Billing history under the top-up form: the caller's payments with their invoices, paged and sortable. */
export function BillingHistory() {
  const { t } = useTranslation('money');
  const [page, setPage] = useState(1);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Payment>>({
    columnAccessor: 'created_at',
    direction: 'desc',
  });
  const orderBy = SORTABLE[sortStatus.columnAccessor as keyof typeof SORTABLE] ?? 'created_at';
  const params: PaymentListParams = { page, limit: PAGE_SIZE, orderBy, sortBy: sortStatus.direction };
  const { data, isFetching, error } = useQuery(paymentsQueryOptions(params));
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 200 },
  );

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group gap="xs">
          <IconReceipt size={20} stroke={1.6} />
          <Title order={2} fz="lg">
            {t('history.title')}
          </Title>
        </Group>
        <ListError error={error} />
        <DataTable<Payment>
          {...pagedProps}
          idAccessor="id"
          sortStatus={sortStatus}
          onSortStatusChange={(next) => {
            setSortStatus(next);
            setPage(1);
          }}
          noRecordsText={t('history.empty')}
          data-testid="billing-history"
          columns={[
            { accessor: 'id', title: t('history.columns.id'), sortable: true, noWrap: true },
            {
              accessor: 'created_at',
              title: t('history.columns.date'),
              sortable: true,
              noWrap: true,
              render: (payment) => formatDateTime(payment.created_at),
            },
            { accessor: 'paysystem.name', title: t('history.columns.method'), noWrap: true },
            {
              accessor: 'amount',
              title: t('history.columns.amount'),
              sortable: true,
              textAlign: 'right',
              noWrap: true,
              render: (payment) => formatMoney(payment.amount),
            },
            {
              accessor: 'bonus',
              title: t('history.columns.bonus'),
              textAlign: 'right',
              noWrap: true,
              render: (payment) => (parseMoney(payment.bonus) > 0n ? formatMoney(payment.bonus) : '—'),
            },
            {
              accessor: 'total',
              title: t('history.columns.total'),
              textAlign: 'right',
              noWrap: true,
              render: (payment) => formatMoney(payment.total),
            },
            {
              accessor: 'type',
              title: t('history.columns.type'),
              render: (payment) => t(`paymentType.${payment.type}`),
            },
            {
              accessor: 'status',
              title: t('history.columns.status'),
              sortable: true,
              render: (payment) =>
                payment.reference && payment.status === 'pending' ? (
                  <Anchor
                    renderRoot={(props) => (
                      <Link
                        {...props}
                        to="/top-up-balance/transfer/$paymentId"
                        params={{ paymentId: String(payment.id) }}
                      />
                    )}
                    aria-label={t('history.transferDetails', { id: payment.id })}
                    data-testid={`transfer-link-${payment.id}`}
                  >
                    <PaymentStatusBadge status={payment.status} awaitingTransfer />
                  </Anchor>
                ) : (
                  <PaymentStatusBadge status={payment.status} awaitingTransfer={payment.reference !== null} />
                ),
            },
            {
              accessor: 'invoice',
              title: t('history.columns.invoice'),
              textAlign: 'center',
              render: (payment) => <InvoiceButton payment={payment} />,
            },
          ]}
        />
        <Text size="xs" c="dimmed">
          {t('history.note')}
        </Text>
      </Stack>
    </Card>
  );
}
