import { lazy, Suspense, useState } from 'react';
import { SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import type { ProductStatisticsResponse } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ListError, usePagedTableProps } from '../../../components/paged-table';
import { formatDate, formatNumber } from '../../../lib/format';
import { productStatisticsQueryOptions, type StatisticsParams } from '../api/statistics';
import { ChartPlaceholder, NoReports, Section, Totals, useFigureColumns } from './statistics-parts';

const DeliveryChart = lazy(() => import('./delivery-chart').then((m) => ({ default: m.DeliveryChart })));

const PAGE_SIZE = 15;
type Day = ProductStatisticsResponse['data']['days'][number];

const dayText = (date: string) => formatDate(`${date}T00:00`);

/** By date: the totals, delivered installs per day by product type (line or bars), and the days' table. */
export function StatisticsByDate({ params }: { params: StatisticsParams }) {
  const { t } = useTranslation(['statistics', 'campaigns']);
  const { data, isFetching, error } = useQuery(productStatisticsQueryOptions(params));
  const [kind, setKind] = useState<'line' | 'bar'>('line');
  const [page, setPage] = useState(1);
  const figureColumns = useFigureColumns<Day>(false);

  // A new period or filter starts again from the first page.
  const key = JSON.stringify(params);
  const [previousKey, setPreviousKey] = useState(key);
  if (previousKey !== key) {
    setPreviousKey(key);
    setPage(1);
  }

  const days = data?.data.days ?? [];
  const empty = !data || (data.data.total.delivered === 0 && data.data.total.planned === 0);
  // Newest day first in the table.
  const newestFirst = empty ? [] : [...days].reverse();
  const pagedProps = usePagedTableProps(
    {
      data: {
        data: newestFirst.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
        meta: { total: newestFirst.length },
      },
      isFetching,
    },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 200 },
  );

  if (error && !data) return <ListError error={error} />;
  if (!data)
    return (
      <Stack gap="md" aria-busy>
        <Skeleton height={84} radius="lg" />
        <ChartPlaceholder />
      </Stack>
    );

  const { products, total } = data.data;
  const series = products.map((product) => ({
    name: `type${product.product_type}`,
    label: t(`campaigns:types.${product.product_type}` as 'campaigns:types.1', String(product.product_type)),
    type: product.product_type,
  }));
  const rows = days.map((day) => ({
    label: dayText(day.date).slice(0, 5),
    ...Object.fromEntries(series.map((item) => [item.name, 0])),
    ...Object.fromEntries(day.products.map((product) => [`type${product.product_type}`, product.delivered])),
  }));

  return (
    <Stack gap="lg">
      <ListError error={error} />
      <Totals total={total} />
      <Section
        title={t('chart.deliveredByDay')}
        actions={
          <SegmentedControl
            size="xs"
            value={kind}
            onChange={(value) => setKind(value as 'line' | 'bar')}
            data={[
              { value: 'line', label: t('chart.line') },
              { value: 'bar', label: t('chart.bar') },
            ]}
            aria-label={t('chart.kind')}
          />
        }
      >
        {empty ? (
          <NoReports />
        ) : (
          <Suspense fallback={<ChartPlaceholder />}>
            <DeliveryChart rows={rows} series={series} kind={kind} />
          </Suspense>
        )}
      </Section>
      <DataTable<Day>
        {...pagedProps}
        idAccessor="date"
        noRecordsText={t('empty')}
        data-testid="statistics-date-table"
        columns={[
          { accessor: 'date', title: t('columns.date'), noWrap: true, render: (row) => dayText(row.date) },
          ...products.map((product) => ({
            accessor: `type${product.product_type}`,
            title: t(
              `campaigns:types.${product.product_type}` as 'campaigns:types.1',
              String(product.product_type),
            ),
            textAlign: 'right' as const,
            render: (row: Day) => (
              <Text size="sm" ff="monospace" c="dimmed">
                {formatNumber(
                  row.products.find((item) => item.product_type === product.product_type)?.delivered ?? 0,
                )}
              </Text>
            ),
          })),
          ...figureColumns,
        ]}
      />
    </Stack>
  );
}
