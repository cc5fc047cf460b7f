import { useState, type ReactNode } from 'react';
import { Button, Group, Stack, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type DataTableSortStatus,
} from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { PageHeader } from './page-header';
import { ListError, usePagedTableProps, usePageOf } from './paged-table';

/** One page of a staff list as the API answers it. */
interface PageResult<T> {
  data: T[];
  meta: { total: number };
}

/** A server sort: the table's sort status and the `orderBy`/`sortBy` the list asks for. */
export interface ServerSort<S extends string> {
  sortStatus: DataTableSortStatus;
  onSortStatusChange: (status: DataTableSortStatus) => void;
  query: { orderBy: S; sortBy: 'asc' | 'desc' };
}

/**
 * The sort of a server list: a click on a sortable column the server knows (`sorts`) orders by it; any
 * other column keeps the list in its default order. With `firstDirection`, a newly chosen column starts in
 * the direction it gives.
 */
export function useServerSort<S extends string>(
  sorts: readonly S[],
  initial: S,
  direction: 'asc' | 'desc' = 'desc',
  firstDirection?: (column: string) => 'asc' | 'desc',
): ServerSort<S> {
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus>({ columnAccessor: initial, direction });
  const onSortStatusChange = (next: DataTableSortStatus) =>
    setSortStatus(
      firstDirection && next.columnAccessor !== sortStatus.columnAccessor
        ? { ...next, direction: firstDirection(String(next.columnAccessor)) }
        : next,
    );
  const orderBy = sorts.includes(sortStatus.columnAccessor as S) ? (sortStatus.columnAccessor as S) : initial;
  return { sortStatus, onSortStatusChange, query: { orderBy, sortBy: sortStatus.direction } };
}

/** A list's free-text search: what is typed, and the trimmed text the list asks for once typing pauses. */
export function useListSearch() {
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value.trim(), 350);
  return { value, setValue, query: debounced || undefined };
}

/** The search box of a list (labelled "Search" unless told), bound to `useListSearch`. */
export function ListSearchField({
  search,
  label,
  ...props
}: {
  search: { value: string; setValue: (value: string) => void };
} & Omit<TextInputProps, 'value' | 'onChange'>) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={label ?? t('common.search')}
      leftSection={<IconSearch size={16} stroke={1.6} />}
      value={search.value}
      onChange={(event) => search.setValue(event.currentTarget.value)}
      {...props}
    />
  );
}

/** The "add one" button of a list's heading. */
export function CreateButton({
  label,
  onClick,
  testId,
  iconSize = 16,
}: {
  label: string;
  onClick: () => void;
  testId: string;
  iconSize?: number;
}) {
  return (
    <Button leftSection={<IconPlus size={iconSize} />} onClick={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}

/**
 * One server-paged list: its filters (undefined where cleared) and sort ask `queryOptions` for a page; any
 * change of them starts again from page 1. `filtered` says whether a filter is set, for the empty state;
 * `query` is what the list asks for but the page (an export sends it).
 */
export function useServerList<
  F extends object,
  R extends PageResult<unknown>,
  K extends QueryKey,
  // The sort's part of the query; none without a sort.
  Q extends object = Record<never, never>,
>({
  filters,
  sort,
  queryOptions,
  perPage = 10,
  emptyHeight = 220,
}: {
  filters: F;
  sort?: Omit<ServerSort<string>, 'query'> & { query: Q };
  queryOptions: (query: F & Q & { page: number; limit: number }) => UseQueryOptions<R, Error, R, K>;
  perPage?: number;
  emptyHeight?: number;
}) {
  const query = { ...filters, ...sort?.query } as F & Q;
  const [page, setPage] = usePageOf(query);
  const result = useQuery(queryOptions({ ...query, page, limit: perPage }));
  const tableProps = usePagedTableProps<R['data'][number]>(
    { data: result.data, isFetching: result.isFetching },
    { page, onPageChange: setPage, perPage, emptyHeight },
  );
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return { ...result, query, page, filtered, tableProps, sort };
}

/** The column of a row's actions (its menu or buttons), at the row's end. */
export interface RowActions<T> {
  /** The column's heading; screen readers only, or nothing. */
  title?: ReactNode;
  render: (row: T) => ReactNode;
}

/**
 * The scaffold of every staff list: heading (title, subtitle and the heading's buttons), the filters, the
 * load error, the server-paged table with its empty state and sort, the row actions, and the dialogs the
 * list opens (`children`). A list keeps only what is its own: filters, columns, actions and dialogs.
 * Without a title it is a list inside a page (a tab, a details section): no heading, and tighter.
 */
export function StaffList<T>({
  title,
  subtitle,
  headerActions,
  filters,
  list,
  columns,
  rowActions,
  empty,
  emptyFiltered,
  emptyIcon,
  testId,
  above,
  children,
  ...tableProps
}: {
  title?: string;
  subtitle?: string;
  headerActions?: ReactNode;
  /** The filter inputs, in one wrapping row. */
  filters?: ReactNode;
  list: {
    error: unknown;
    filtered: boolean;
    tableProps: ReturnType<typeof usePagedTableProps<T>>;
    sort?: Pick<ServerSort<string>, 'sortStatus' | 'onSortStatusChange'>;
  };
  columns: DataTableColumn<T>[];
  rowActions?: RowActions<T>;
  /** The empty state's text, and the one while a filter is set (when it differs). */
  empty: string;
  emptyFiltered?: string;
  emptyIcon?: ReactNode;
  testId?: string;
  /** Anything shown between the filters and the table (totals, notes). */
  above?: ReactNode;
  children?: ReactNode;
} & Pick<
  DataTableProps<T>,
  'rowExpansion' | 'onRowClick' | 'rowBackgroundColor' | 'idAccessor' | 'pinLastColumn'
>) {
  const sortProps = list.sort
    ? { sortStatus: list.sort.sortStatus, onSortStatusChange: list.sort.onSortStatusChange }
    : {};
  return (
    <Stack gap={title === undefined ? 'md' : 'lg'}>
      {title !== undefined &&
        (headerActions ? (
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <PageHeader title={title} subtitle={subtitle ?? ''} />
            {headerActions}
          </Group>
        ) : (
          <PageHeader title={title} subtitle={subtitle ?? ''} />
        ))}
      {filters && (
        <Group gap="md" align="flex-end" wrap="wrap">
          {filters}
        </Group>
      )}
      {above}
      <ListError error={list.error} />
      <DataTable<T>
        {...list.tableProps}
        idAccessor="id"
        // The table's props are a union of variants the spread cannot be checked against; the sort fits each.
        {...(sortProps as object)}
        {...tableProps}
        noRecordsIcon={emptyIcon}
        noRecordsText={list.filtered && emptyFiltered ? emptyFiltered : empty}
        data-testid={testId}
        columns={
          rowActions
            ? [
                ...columns,
                {
                  accessor: 'actions',
                  title: rowActions.title ?? '',
                  textAlign: 'right',
                  render: rowActions.render,
                },
              ]
            : columns
        }
      />
      {children}
    </Stack>
  );
}
