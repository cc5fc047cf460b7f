import { lazy, Suspense, useState } from 'react';
import { Stack } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import type { KeywordFigures } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ListError, usePagedTableProps } from '../../../components/paged-table';
import { formatNumber } from '../../../lib/format';
import {
  keywordStatisticsQueryOptions,
  type KeywordStatisticsParams,
  type StatisticsParams,
} from '../api/statistics';
import { ChartPlaceholder, NoReports, Section, useFigureColumns } from './statistics-parts';

const KeywordsChart = lazy(() => import('./delivery-chart').then((m) => ({ default: m.KeywordsChart })));

const PAGE_SIZE = 10;

/** By keyword: the most delivered keywords as bars, and every keyword of the period, sorted and paged. */
export function StatisticsByKeyword({ params }: { params: StatisticsParams }) {
  const { t } = useTranslation('statistics');
  const [page, setPage] = useState(1);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<KeywordFigures>>({
    columnAccessor: 'delivered',
    direction: 'desc',
  });
  const query: KeywordStatisticsParams = {
    ...params,
    page,
    limit: PAGE_SIZE,
    sortBy: sortStatus.columnAccessor as KeywordStatisticsParams['sortBy'],
    sortType: sortStatus.direction,
  };
  const { data, isFetching, error } = useQuery(keywordStatisticsQueryOptions(query));
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 220 },
  );
  const figureColumns = useFigureColumns<KeywordFigures>(true);

  const key = JSON.stringify({ ...params, sortStatus });
  const [previousKey, setPreviousKey] = useState(key);
  if (previousKey !== key) {
    setPreviousKey(key);
    setPage(1);
  }

  const top = data?.top ?? [];
  return (
    <Stack gap="lg">
      <ListError error={error} />
      <Section title={t('chart.topKeywords')}>
        {!data ? (
          <ChartPlaceholder height={220} />
        ) : top.length === 0 ? (
          <NoReports />
        ) : (
          <Suspense fallback={<ChartPlaceholder height={220} />}>
            <KeywordsChart rows={top} label={t('columns.delivered')} />
          </Suspense>
        )}
      </Section>
      <DataTable<KeywordFigures>
        {...pagedProps}
        idAccessor="keyword"
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        noRecordsIcon={<IconKey size={28} stroke={1.4} />}
        noRecordsText={t('empty')}
        data-testid="statistics-keywords-table"
        columns={[
          { accessor: 'keyword', title: t('columns.keyword'), sortable: true },
          {
            accessor: 'campaigns',
            title: t('columns.campaigns'),
            sortable: true,
            textAlign: 'right',
            render: (row) => formatNumber(row.campaigns),
          },
          ...figureColumns,
        ]}
      />
    </Stack>
  );
}
