import { Badge, Stack } from '@mantine/core';
import type { AdminPaymentListResponse } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { DETAIL_PAGE_SIZE, userPaymentsQueryOptions } from '../api/admin-users';

type Payment = AdminPaymentListResponse['data'][number];

/** User details, payments: the user's payments, newest first. */
export function UserPayments({ userId }: { userId: number }) {
  const { t } = useTranslation('users');
  const { t: tm } = useTranslation('money');
  const [page, setPage] = usePageOf(userId);
  const { data, isFetching, error } = useQuery(userPaymentsQueryOptions(userId, page));
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: DETAIL_PAGE_SIZE, emptyHeight: 180 },
  );
  return (
    <Stack gap="md">
      <ListError error={error} />
      <DataTable<Payment>
        {...pagedProps}
        idAccessor="id"
        noRecordsText={t('details.noPayments')}
        data-testid="user-payments"
        columns={[
          { accessor: 'id', title: tm('history.columns.id') },
          {
            accessor: 'created_at',
            title: tm('history.columns.date'),
            noWrap: true,
            render: (row) => formatDateTime(row.created_at),
          },
          { accessor: 'paysystem', title: tm('history.columns.method'), render: (row) => row.paysystem.name },
          {
            accessor: 'type',
            title: tm('history.columns.type'),
            render: (row) => tm(`paymentType.${row.type}`),
          },
          {
            accessor: 'amount',
            title: tm('history.columns.amount'),
            textAlign: 'right',
            noWrap: true,
            render: (row) => formatMoney(row.amount),
          },
          {
            accessor: 'status',
            title: tm('history.columns.status'),
            render: (row) => (
              <Badge size="sm" variant="dot" color={row.status === 'credited' ? 'teal' : 'gray'}>
                {tm(`paymentStatus.${row.status}`)}
              </Badge>
            ),
          },
          {
            accessor: 'description',
            title: t('details.description'),
            render: (row) => row.description ?? '—',
          },
        ]}
      />
    </Stack>
  );
}
