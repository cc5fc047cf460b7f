import { useState } from 'react';
import { Avatar, Badge, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import {
  APP_STORES,
  CAMPAIGN_STATISTICS_SORTS,
  type CampaignFigures,
  type CampaignStatisticsGroup,
  type ProductFigures,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ListError, usePagedTableProps } from '../../../components/paged-table';
import { formatCountryCode, formatDate, formatNumber } from '../../../lib/format';
import {
  campaignStatisticsQueryOptions,
  productStatisticsQueryOptions,
  type StatisticsParams,
} from '../api/statistics';
import { STATISTICS_VIEWS, type StatisticsView } from './statistics-search';
import { useFigureColumns } from './statistics-parts';

const PAGE_SIZE = 10;

/** By package / products / campaigns: one of the three tables, chosen by `view` (kept in the URL). */
export function StatisticsByCampaigns({
  params,
  view,
  onViewChange,
}: {
  params: StatisticsParams;
  view: StatisticsView;
  onViewChange: (view: StatisticsView) => void;
}) {
  const { t } = useTranslation('statistics');
  return (
    <Stack gap="md">
      <SegmentedControl
        value={view}
        onChange={(value) => onViewChange(value as StatisticsView)}
        data={STATISTICS_VIEWS.map((value) => ({ value, label: t(`views.${value}`) }))}
        aria-label={t('tabs.campaigns')}
        style={{ alignSelf: 'flex-start' }}
      />
      {view === 'products' ? (
        <ProductsTable params={params} />
      ) : (
        <GroupedTable key={view} params={params} groupBy={view === 'package' ? 'package' : 'campaign'} />
      )}
    </Stack>
  );
}

/** An app's icon, title and package (the package alone once the app is no longer tracked). */
function AppCell({ row }: { row: CampaignFigures }) {
  const { t } = useTranslation(['statistics', 'app']);
  return (
    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
      <Avatar src={row.app?.icon} alt="" size={32} radius="sm" />
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={500} truncate>
          {row.app?.title ?? row.package}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {row.appstore === APP_STORES.APP_STORE ? t('app:stores.appStore') : t('app:stores.googlePlay')} ·{' '}
          {row.app ? row.package : t('untracked')}
        </Text>
      </div>
    </Group>
  );
}

/** Per app or per campaign, paged and sorted on the server. */
function GroupedTable({ params, groupBy }: { params: StatisticsParams; groupBy: CampaignStatisticsGroup }) {
  const { t } = useTranslation(['statistics', 'campaigns']);
  const [page, setPage] = useState(1);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<CampaignFigures>>({
    columnAccessor: 'delivered',
    direction: 'desc',
  });
  const sorts: readonly string[] = CAMPAIGN_STATISTICS_SORTS[groupBy];
  const { data, isFetching, error } = useQuery(
    campaignStatisticsQueryOptions({
      ...params,
      groupBy,
      page,
      limit: PAGE_SIZE,
      sortBy: sorts.includes(sortStatus.columnAccessor) ? sortStatus.columnAccessor : 'delivered',
      sortType: sortStatus.direction,
    }),
  );
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 220 },
  );
  const figureColumns = useFigureColumns<CampaignFigures>(true);

  const key = JSON.stringify({ ...params, sortStatus });
  const [previousKey, setPreviousKey] = useState(key);
  if (previousKey !== key) {
    setPreviousKey(key);
    setPage(1);
  }

  const perCampaign = groupBy === 'campaign';
  return (
    <Stack gap="md">
      <ListError error={error} />
      <DataTable<CampaignFigures>
        {...pagedProps}
        idAccessor={(row) => (perCampaign ? String(row.id) : `${row.appstore}:${row.package}`)}
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        noRecordsIcon={<IconSpeakerphone size={28} stroke={1.4} />}
        noRecordsText={t('empty')}
        data-testid={perCampaign ? 'statistics-campaigns-table' : 'statistics-packages-table'}
        columns={
          perCampaign
            ? [
                {
                  accessor: 'id',
                  title: t('columns.campaign'),
                  sortable: true,
                  render: (row) => (
                    <Text size="sm" ff="monospace">
                      #{row.id}
                    </Text>
                  ),
                },
                {
                  accessor: 'package',
                  title: t('columns.app'),
                  sortable: true,
                  render: (row) => <AppCell row={row} />,
                },
                {
                  accessor: 'product_type',
                  title: t('columns.product'),
                  render: (row) =>
                    t(`campaigns:types.${row.product_type}` as 'campaigns:types.1', String(row.product_type)),
                },
                {
                  accessor: 'country',
                  title: t('columns.country'),
                  render: (row) => (row.country ? formatCountryCode(row.country) : ''),
                },
                {
                  accessor: 'status',
                  title: t('columns.status'),
                  sortable: true,
                  noWrap: true,
                  render: (row) =>
                    row.status && (
                      <Badge size="sm" variant="light" color="gray">
                        {t(`campaigns:status.${row.status}`)}
                      </Badge>
                    ),
                },
                {
                  accessor: 'started_at',
                  title: t('columns.started'),
                  sortable: true,
                  noWrap: true,
                  render: (row) => formatDate(row.started_at),
                },
                ...figureColumns,
              ]
            : [
                {
                  accessor: 'package',
                  title: t('columns.app'),
                  sortable: true,
                  render: (row) => <AppCell row={row} />,
                },
                {
                  accessor: 'campaigns',
                  title: t('columns.campaigns'),
                  sortable: true,
                  textAlign: 'right',
                  render: (row) => formatNumber(row.campaigns),
                },
                ...figureColumns,
              ]
        }
      />
    </Stack>
  );
}

/** Per product type, with the totals as the last row. */
function ProductsTable({ params }: { params: StatisticsParams }) {
  const { t } = useTranslation(['statistics', 'campaigns']);
  const { data, isFetching, error } = useQuery(productStatisticsQueryOptions(params));
  const figureColumns = useFigureColumns<ProductFigures>(false);
  const products = data?.data.products ?? [];
  const records = products.length ? [...products, { product_type: -1, ...data!.data.total }] : [];
  return (
    <Stack gap="md">
      <ListError error={error} />
      <DataTable<ProductFigures>
        withTableBorder
        borderRadius="md"
        striped
        highlightOnHover
        minHeight={records.length ? undefined : 220}
        fetching={isFetching}
        idAccessor="product_type"
        records={records}
        noRecordsIcon={<IconSpeakerphone size={28} stroke={1.4} />}
        noRecordsText={t('empty')}
        rowStyle={(row) => (row.product_type === -1 ? { fontWeight: 700 } : undefined)}
        data-testid="statistics-products-table"
        columns={[
          {
            accessor: 'product_type',
            title: t('columns.product'),
            render: (row) =>
              row.product_type === -1
                ? t('totals.all')
                : t(`campaigns:types.${row.product_type}` as 'campaigns:types.1', String(row.product_type)),
          },
          ...figureColumns,
        ]}
      />
    </Stack>
  );
}
