import { Badge } from '@mantine/core';
import type { AdminPaymentListResponse } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { dateColumn, moneyColumn, StaffList } from '../../../components/staff-list';
import { userPaymentsQueryOptions } from '../api/admin-users';
import { useUserDetailList } from './user-detail-list';

type Payment = AdminPaymentListResponse['data'][number];

/** User details, payments: the user's payments, newest first. */
export function UserPayments({ userId }: { userId: number }) {
  const { t } = useTranslation('users');
  const { t: tm } = useTranslation('money');
  const list = useUserDetailList({ userId }, (page) => userPaymentsQueryOptions(userId, page));
  return (
    <StaffList<Payment>
      list={list}
      empty={t('details.noPayments')}
      testId="user-payments"
      columns={[
        { accessor: 'id', title: tm('history.columns.id') },
        dateColumn('created_at', tm('history.columns.date'), { time: true }),
        { accessor: 'paysystem', title: tm('history.columns.method'), render: (row) => row.paysystem.name },
        {
          accessor: 'type',
          title: tm('history.columns.type'),
          render: (row) => tm(`paymentType.${row.type}`),
        },
        moneyColumn('amount', tm('history.columns.amount'), { noWrap: true }),
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
  );
}
