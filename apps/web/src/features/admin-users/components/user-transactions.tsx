import { useState } from 'react';
import { Select, Text } from '@mantine/core';
import { TRANSACTION_TYPES, type Transaction, type TransactionType } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { dateColumn, moneyColumn, StaffList } from '../../../components/staff-list';
import { formatSignedMoney } from '../../../lib/format';
import { ledgerDescription } from '../../../lib/ledger-description';
import { userTransactionsQueryOptions } from '../api/admin-users';
import { useUserDetailList } from './user-detail-list';

/** User details, transactions: the user's ledger rows, newest first, with a type filter (default all). */
export function UserTransactions({ userId }: { userId: number }) {
  const { t } = useTranslation('users');
  const { t: tm } = useTranslation('money');
  const [type, setType] = useState<TransactionType | null>(null);
  const list = useUserDetailList({ userId, type }, (page) =>
    userTransactionsQueryOptions(userId, page, type),
  );
  return (
    <StaffList<Transaction>
      filters={
        <Select
          label={tm('transactions.type')}
          placeholder={tm('transactions.allTypes')}
          data={TRANSACTION_TYPES.map((value) => ({ value, label: tm(`transactionType.${value}`) }))}
          value={type}
          onChange={(value) => setType(value as TransactionType | null)}
          clearable
          w={240}
          data-testid="user-transactions-type"
        />
      }
      list={list}
      empty={t('details.noTransactions')}
      testId="user-transactions"
      columns={[
        dateColumn('created_at', tm('transactions.columns.date'), { time: true }),
        {
          accessor: 'type',
          title: tm('transactions.columns.type'),
          render: (row) => tm(`transactionType.${row.type}`),
        },
        {
          accessor: 'account',
          title: tm('transactions.columns.account'),
          render: (row) => tm(`account.${row.account}`),
        },
        {
          accessor: 'description',
          title: tm('transactions.columns.description'),
          render: (row) => (
            <Text size="sm" lineClamp={2}>
              {ledgerDescription(tm, row) ?? '—'}
              {row.by_support && ` (${tm('transactions.bySupport')})`}
            </Text>
          ),
        },
        {
          accessor: 'amount',
          title: tm('transactions.columns.amount'),
          textAlign: 'right',
          noWrap: true,
          render: (row) => (
            <Text size="sm" ff="monospace" c={row.amount.startsWith('-') ? 'red' : 'teal'}>
              {formatSignedMoney(row.amount)}
            </Text>
          ),
        },
        moneyColumn('balance_after', tm('transactions.columns.balanceAfter'), { noWrap: true }),
      ]}
    />
  );
}
