import { useState } from 'react';
import { Select, Stack, Text } from '@mantine/core';
import { TRANSACTION_TYPES, type Transaction, type TransactionType } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { formatDateTime, formatSignedMoney, formatMoney } from '../../../lib/format';
import { ledgerDescription } from '../../billing/components/ledger-description';
import { DETAIL_PAGE_SIZE, userTransactionsQueryOptions } from '../api/admin-users';

/** User details, transactions: the user's ledger rows, newest first, with a type filter (default all). */
export function UserTransactions({ userId }: { userId: number }) {
  const { t } = useTranslation('users');
  const { t: tm } = useTranslation('money');
  const [type, setType] = useState<TransactionType | null>(null);
  const [page, setPage] = usePageOf(type);
  const { data, isFetching, error } = useQuery(userTransactionsQueryOptions(userId, page, type));
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: DETAIL_PAGE_SIZE, emptyHeight: 180 },
  );
  return (
    <Stack gap="md">
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
      <ListError error={error} />
      <DataTable<Transaction>
        {...pagedProps}
        idAccessor="id"
        noRecordsText={t('details.noTransactions')}
        data-testid="user-transactions"
        columns={[
          {
            accessor: 'created_at',
            title: tm('transactions.columns.date'),
            noWrap: true,
            render: (row) => formatDateTime(row.created_at),
          },
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
          {
            accessor: 'balance_after',
            title: tm('transactions.columns.balanceAfter'),
            textAlign: 'right',
            noWrap: true,
            render: (row) => formatMoney(row.balance_after),
          },
        ]}
      />
    </Stack>
  );
}
