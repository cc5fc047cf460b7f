import { useState } from 'react';
import { Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import type { LastPayment, SalesPeriodQuery } from '@storelift/shared';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExportButton } from '../../../components/export-button';
import { ListError } from '../../../components/paged-table';
import { dateColumn, moneyColumn, StaffList, useServerList } from '../../../components/staff-list';
import { UserDetailsLink } from '../../../components/user-details-link';
import { formatMoney, formatNumber } from '../../../lib/format';
import { exportLastPayments, lastPaymentsQueryOptions, salesStatsQueryOptions } from '../api/sales';
import { SalesFilter, useSalesFilterOptions } from './sales-filters';
import { DateField } from '../../../components/date-field';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const monthAgo = () => {
  const date = new Date();
  date.setUTCMonth(date.getUTCMonth() - 1);
  return isoDay(date);
};

/** One statistics block: its own loading and failure states. */
function Block<T>({
  title,
  query,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-label={title}>
      <Title order={2} fz="lg" mb="sm">
        {title}
      </Title>
      {query.isPending ? (
        <Skeleton h={60} />
      ) : query.isError ? (
        <ListError error={query.error} />
      ) : (
        children(query.data)
      )}
    </Card>
  );
}

/** Statistics for a chosen period: totals, clients by status, payments by payment system, last payments. */
export function SalesStatisticsTab() {
  const { t } = useTranslation('sales');
  const { seesAll, managerOptions } = useSalesFilterOptions();
  const [manager, setManager] = useState<string | null>(null);
  const [from, setFrom] = useState(monthAgo);
  const [to, setTo] = useState(() => isoDay(new Date()));
  const period: SalesPeriodQuery = {
    manager_id: manager ? Number(manager) : 0,
    ...(from && { from }),
    ...(to && { to }),
  };
  const stats = salesStatsQueryOptions(period);
  const totals = useQuery(stats.totals);
  const byStatus = useQuery(stats.byStatus);
  const byPayments = useQuery(stats.byPayments);
  const last = useServerList({ filters: period, queryOptions: lastPaymentsQueryOptions, emptyHeight: 160 });

  return (
    <Stack gap="lg">
      <Group gap="md" align="flex-end" wrap="wrap">
        {seesAll && (
          <SalesFilter kind="manager" options={managerOptions} value={manager} onChange={setManager} />
        )}
        <DateField label={t('filters.from')} value={from} onChange={(day) => setFrom(day)} w={170} />
        <DateField label={t('filters.to')} value={to} onChange={(day) => setTo(day)} w={170} />
      </Group>

      <Block title={t('stats.totals')} query={totals}>
        {({ data }) => (
          <SimpleGrid cols={{ base: 2, md: 4 }} data-testid="sales-totals">
            {(
              [
                ['totalClients', formatNumber(data.total_clients)],
                ['activeClients', formatNumber(data.active_clients)],
                ['paymentsCommitted', formatNumber(data.payments_committed)],
                ['paymentsTotal', formatMoney(data.payments_total)],
              ] as const
            ).map(([key, value]) => (
              <div key={key}>
                <Text size="sm" c="dimmed">
                  {t(`stats.${key}`)}
                </Text>
                <Text fw={700} fz="xl">
                  {value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        )}
      </Block>

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Block title={t('stats.byStatus')} query={byStatus}>
          {({ data }) => (
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('columns.status')}</Table.Th>
                  <Table.Th ta="right">{t('stats.clients')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.map((row) => (
                  <Table.Tr key={row.status}>
                    <Table.Td>{t(`statuses.${row.status}`)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(row.clients)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Block>
        <Block title={t('stats.byPayments')} query={byPayments}>
          {({ data }) =>
            data.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('stats.noPayments')}
              </Text>
            ) : (
              <Table>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('columns.paysystem')}</Table.Th>
                    <Table.Th ta="right">{t('stats.payments')}</Table.Th>
                    <Table.Th ta="right">{t('columns.amount')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.map((row) => (
                    <Table.Tr key={row.paysystem}>
                      <Table.Td>{row.paysystem}</Table.Td>
                      <Table.Td ta="right">{formatNumber(row.payments)}</Table.Td>
                      <Table.Td ta="right">{formatMoney(row.amount)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )
          }
        </Block>
      </SimpleGrid>

      <Stack gap="sm" component="section" aria-label={t('stats.lastPayments')}>
        <Group justify="space-between">
          <Title order={2} fz="lg">
            {t('stats.lastPayments')}
          </Title>
          <ExportButton run={() => exportLastPayments(period)} label={t('export')} />
        </Group>
        <StaffList<LastPayment>
          list={last}
          empty={t('stats.noPayments')}
          columns={[
            { accessor: 'id', title: t('columns.id') },
            {
              accessor: 'user',
              title: t('columns.client'),
              render: (row) => <UserDetailsLink user={row.user} />,
            },
            { accessor: 'paysystem', title: t('columns.paysystem') },
            moneyColumn('amount', t('columns.amount')),
            dateColumn('credited_at', t('columns.date'), { time: true }),
          ]}
        />
      </Stack>
    </Stack>
  );
}
