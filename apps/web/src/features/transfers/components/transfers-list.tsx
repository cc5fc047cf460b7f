import { useState } from 'react';
import { Badge, Stack, Text, Title } from '@mantine/core';
import type { Transfer } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ListError, usePagedTableProps } from '../../../components/paged-table';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { TRANSFERS_PAGE_SIZE, transfersQueryOptions } from '../api/transfers';

/** The customer's sent and received transfers, newest first. */
export function TransfersList() {
  const { t } = useTranslation('money');
  const [page, setPage] = useState(1);
  const query = useQuery(transfersQueryOptions(page));
  const table = usePagedTableProps(query, {
    page,
    onPageChange: setPage,
    perPage: TRANSFERS_PAGE_SIZE,
    emptyHeight: 160,
  });
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {t('transfers.historyTitle')}
      </Title>
      {query.error ? (
        <ListError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <DataTable<Transfer>
          {...table}
          aria-label={t('transfers.historyTitle')}
          data-testid="transfers-list"
          noRecordsText={t('transfers.empty')}
          columns={[
            { accessor: 'id', title: '#', width: 70 },
            {
              accessor: 'created_at',
              title: t('transfers.columns.date'),
              noWrap: true,
              render: (row) => formatDateTime(row.created_at),
            },
            {
              accessor: 'direction',
              title: t('transfers.columns.direction'),
              render: (row) => t(`transfers.direction.${row.direction}`),
            },
            {
              accessor: 'counterparty',
              title: t('transfers.columns.counterparty'),
              render: (row) => (
                <div>
                  <Text size="sm">{row.counterparty.name}</Text>
                  <Text size="xs" c="dimmed">
                    {row.counterparty.email}
                  </Text>
                </div>
              ),
            },
            {
              accessor: 'amount',
              title: t('transfers.columns.amount'),
              textAlign: 'right',
              noWrap: true,
              render: (row) => `${row.direction === 'sent' ? '−' : '+'}${formatMoney(row.amount)}`,
            },
            {
              accessor: 'status',
              title: t('transfers.columns.status'),
              render: (row) => (
                <Badge color={row.status === 'reversed' ? 'gray' : 'teal'} variant="light">
                  {t(`transfers.status.${row.status}`)}
                </Badge>
              ),
            },
            { accessor: 'description', title: t('transfers.columns.description') },
          ]}
        />
      )}
    </Stack>
  );
}
