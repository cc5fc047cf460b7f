import { useState, type ReactNode } from 'react';
import { Group, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { CustomerSearch } from './desk-parts';
import { DecisionModal, type Decision, type DecisionChange } from './decision-modal';

const PAGE_SIZE = 10;

/** What a staff desk list asks the server for: the page's own filters, the customer search and the page. */
export type StaffListQuery<F> = F & { search?: string; page: number; limit: number };

/** One page of a staff desk list as the API answers it. */
interface PageResult<T> {
  data: T[];
  meta: { total: number };
}

/**
 * The scaffold of a staff desk list (payouts, bonus submissions, contact messages): heading, the customer
 * search beside the page's own filters, the server-paged table, and the decision asked before it runs.
 * The page keeps only what is its own: its filters, its columns and how a row's decision reads.
 */
export function StaffListPage<
  R extends PageResult<{ id: number }>,
  F extends Record<string, string | undefined>,
  K extends QueryKey,
>({
  title,
  subtitle,
  filters,
  filterFields,
  queryOptions,
  decide,
  icon,
  testId,
  columns,
  actions,
}: {
  title: string;
  subtitle: string;
  /** The page's own filters, undefined where cleared; any change starts again from page 1. */
  filters: F;
  /** The inputs of those filters, shown after the search. */
  filterFields: ReactNode;
  queryOptions: (query: StaffListQuery<F>) => UseQueryOptions<R, Error, R, K>;
  /** The page's decision mutation (`PUT …/{id}/{action}`). */
  decide: { mutateAsync: (change: DecisionChange) => Promise<{ message: string }>; isPending: boolean };
  icon: ReactNode;
  testId: string;
  /** The page's own columns, after the customer's. */
  columns: DataTableColumn<R['data'][number]>[];
  /** A row's decision buttons; `ask` opens the confirmation of one. */
  actions: (row: R['data'][number], ask: (decision: Decision) => void) => ReactNode;
}) {
  const { t } = useTranslation('staffdesk');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 350);
  const [decision, setDecision] = useState<Decision | null>(null);
  const query = { ...filters, search: debouncedSearch || undefined };
  const [page, setPage] = usePageOf(query);
  const { data, isFetching, error } = useQuery(queryOptions({ ...query, page, limit: PAGE_SIZE }));
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 220 },
  );
  const filtered = Object.values(query).some((value) => value !== undefined);

  return (
    <Stack gap="lg">
      <PageHeader title={title} subtitle={subtitle} />
      <Group gap="md" align="flex-end" wrap="wrap">
        <CustomerSearch value={search} onChange={setSearch} />
        {filterFields}
      </Group>
      <ListError error={error} />
      <DataTable<R['data'][number]>
        {...pagedProps}
        idAccessor="id"
        noRecordsIcon={icon}
        noRecordsText={filtered ? t('common.emptyFiltered') : t('common.empty')}
        data-testid={testId}
        columns={[
          ...columns,
          {
            accessor: 'actions',
            title: t('common.actions'),
            textAlign: 'right',
            render: (row) => actions(row, setDecision),
          },
        ]}
      />
      <DecisionModal
        decision={decision}
        run={(change) => decide.mutateAsync(change)}
        pending={decide.isPending}
        onClose={() => setDecision(null)}
      />
    </Stack>
  );
}
