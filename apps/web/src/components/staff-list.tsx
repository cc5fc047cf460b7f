import { useState, type ReactNode } from 'react';
import {
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  VisuallyHidden,
  type SimpleGridProps,
  type TextInputProps,
} from '@mantine/core';
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
import { formatDate, formatMoney, formatTime } from '../lib/format';
import { PageHeader } from './page-header';
import classes from './staff-list.module.css';
import { ListError, usePagedTableProps, usePageOf } from './paged-table';

/** One page of a staff list as the API answers it. */
export interface PageResult<T> {
  data: T[];
  meta: { total: number };
}

/** How a server list sorts: the columns the server orders by, the first one and its direction. */
export interface ListSort<S extends string> {
  by: readonly S[];
  initial: S;
  direction?: 'asc' | 'desc';
  /** The direction a newly chosen column starts in (else the one it was clicked to). */
  firstDirection?: (column: string) => 'asc' | 'desc';
}

/** The `orderBy`/`sortBy` of a sorted list's query; nothing for a list without a sort. */
type SortQuery<S extends string> = [S] extends [never] ? unknown : { orderBy: S; sortBy: 'asc' | 'desc' };

/**
 * The sort of a server list: a click on a sortable column the server knows (`by`) orders by it; any other
 * column keeps the list in its default order.
 */
function useServerSort<S extends string>(sort: ListSort<S> | undefined) {
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus>({
    columnAccessor: sort?.initial ?? '',
    direction: sort?.direction ?? 'desc',
  });
  if (!sort) return undefined;
  const onSortStatusChange = (next: DataTableSortStatus) =>
    setSortStatus(
      sort.firstDirection && next.columnAccessor !== sortStatus.columnAccessor
        ? { ...next, direction: sort.firstDirection(String(next.columnAccessor)) }
        : next,
    );
  const column = sortStatus.columnAccessor as S;
  const query = { orderBy: sort.by.includes(column) ? column : sort.initial, sortBy: sortStatus.direction };
  return { sortStatus, onSortStatusChange, query };
}

/** A list's free-text search: what is typed, and the trimmed text the list asks for once typing pauses. */
function useListSearch() {
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value.trim(), 350);
  return { value, setValue, query: debounced || undefined };
}

/**
 * The search box of a list (labelled "Search" unless told), bound to its `search`. Without a width (`w`) it
 * grows in its filter row up to 420 px.
 */
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
      {...(props.w === undefined && { style: { flex: '1 1 260px' }, maw: 420 })}
      {...props}
    />
  );
}

/** Which column a list's search looks in (`columns`, the first of which is every column); never empty. */
export function SearchColumnSelect<V extends string>({
  label,
  columns,
  labelOf,
  value,
  onChange,
}: {
  label: string;
  columns: readonly V[];
  labelOf: (column: V) => string;
  value: V;
  onChange: (column: V) => void;
}) {
  return (
    <Select
      label={label}
      data={columns.map((column) => ({ value: column, label: labelOf(column) }))}
      value={value}
      onChange={(column) => onChange((column ?? columns[0]) as V)}
      allowDeselect={false}
    />
  );
}

/** The "add one" button of a list's heading. */
function CreateButton({
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
 * The filters of a list that has many: a card with them in a grid (`cols` per breakpoint), the list's search
 * box first (`search`, bound to the list's search `of`), and what stands above the grid (`before`: a view
 * switch) or below it (`after`: a switch, the chosen customer).
 */
export function FilterCard({
  cols,
  search,
  before,
  after,
  children,
}: {
  cols: SimpleGridProps['cols'];
  search?: { of: { value: string; setValue: (value: string) => void }; placeholder: string; testId: string };
  before?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        {before}
        <SimpleGrid cols={cols} spacing="md">
          {search && (
            <ListSearchField
              search={search.of}
              w="100%"
              placeholder={search.placeholder}
              data-testid={search.testId}
            />
          )}
          {children}
        </SimpleGrid>
        {after}
      </Stack>
    </Card>
  );
}

/**
 * One server-paged list: its search (with `search`), filters (undefined where cleared) and sort ask
 * `queryOptions` for a page; any change of them starts again from page 1. `filtered` says whether a search
 * or filter is set, for the empty state; `query` is what the list asks for but the page (an export sends it).
 */
export function useServerList<
  F extends object,
  R extends PageResult<unknown>,
  K extends QueryKey,
  S extends string = never,
>({
  search: searched = false,
  filters,
  sort: sortBy,
  queryOptions,
  perPage = 10,
  emptyHeight = 220,
}: {
  search?: boolean;
  filters: F;
  sort?: ListSort<S>;
  queryOptions: (
    query: { search?: string } & F & SortQuery<S> & { page: number; limit: number },
  ) => UseQueryOptions<R, Error, R, K>;
  perPage?: number;
  emptyHeight?: number;
}) {
  const search = useListSearch();
  const sort = useServerSort(sortBy);
  const chosen = { ...(searched && { search: search.query }), ...filters };
  const query = { ...chosen, ...sort?.query } as { search?: string } & F & SortQuery<S>;
  const [page, setPage] = usePageOf(query);
  const result = useQuery(queryOptions({ ...query, page, limit: perPage }));
  const tableProps = usePagedTableProps<R['data'][number]>(
    { data: result.data, isFetching: result.isFetching },
    { page, onPageChange: setPage, perPage, emptyHeight },
  );
  const filtered = Object.values(chosen).some((value) => value !== undefined);
  return { ...result, search, query, page, filtered, tableProps, sort };
}

/**
 * A date column (`created_at`, …): the day (with `time`, the time under it, so wide tables keep their columns
 * at 1366 px), a dash where there is none; `sortable` where the server sorts by it.
 */
export function dateColumn<T>(
  accessor: keyof T & string,
  title: string,
  { sortable, time }: { sortable?: boolean; time?: boolean } = {},
): DataTableColumn<T> {
  return {
    accessor,
    title,
    sortable,
    noWrap: true,
    render: (row) => {
      const value = row[accessor] as string | null;
      if (!value) return '—';
      if (!time) return formatDate(value);
      return (
        <>
          {formatDate(value)}
          <Text size="xs" c="dimmed">
            {formatTime(value)}
          </Text>
        </>
      );
    },
  };
}

/** A money column (`amount`, …): the sum, to the right; `sortable` where the server sorts by it. */
export function moneyColumn<T>(
  accessor: keyof T & string,
  title: string,
  { sortable, noWrap }: { sortable?: boolean; noWrap?: boolean } = {},
): DataTableColumn<T> {
  return {
    accessor,
    title,
    sortable,
    textAlign: 'right',
    noWrap,
    render: (row) => formatMoney(row[accessor] as string),
  };
}

/** The column of a row's actions (its menu or buttons), at the row's end. */
export interface RowActions<T> {
  /** The column's heading, for screen readers only (`label`) or shown (`title`); else none. */
  label?: string;
  title?: string;
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
  create,
  headerActions,
  search,
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
  /** The heading's "add one" button (none when false: the staff member may not add). */
  create?: false | Parameters<typeof CreateButton>[0];
  /** The heading's other buttons (an export, an upload). */
  headerActions?: ReactNode;
  /** The list's search box, first in the filter row (the list has `search: true`). */
  search?: { label?: string; placeholder?: string; w?: TextInputProps['w']; testId?: string };
  /** The filter inputs, in one wrapping row. */
  filters?: ReactNode;
  list: {
    search: { value: string; setValue: (value: string) => void };
    error: unknown;
    filtered: boolean;
    tableProps: ReturnType<typeof usePagedTableProps<T>>;
    sort?: { sortStatus: DataTableSortStatus; onSortStatusChange: (status: DataTableSortStatus) => void };
  };
  columns: DataTableColumn<T>[];
  rowActions?: RowActions<T>;
  /** The empty state's text, and the one while a filter is set (when it differs). */
  empty: string;
  emptyFiltered?: string;
  emptyIcon?: ReactNode;
  testId?: string;
  /** Anything shown between the heading and the filters (notes, totals, a view switch, many filters). */
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
        (create || headerActions ? (
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <PageHeader title={title} subtitle={subtitle ?? ''} />
            {headerActions}
            {create && <CreateButton {...create} />}
          </Group>
        ) : (
          <PageHeader title={title} subtitle={subtitle ?? ''} />
        ))}
      {above}
      {(search || filters) && (
        <Group gap="md" align="flex-end" wrap="wrap">
          {search && (
            <ListSearchField
              search={list.search}
              label={search.label}
              placeholder={search.placeholder}
              w={search.w}
              data-testid={search.testId}
            />
          )}
          {filters}
        </Group>
      )}
      <ListError error={list.error} />
      <DataTable<T>
        {...list.tableProps}
        idAccessor="id"
        // The table's props are a union of variants the spread cannot be checked against; the sort fits each.
        {...(sortProps as object)}
        {...tableProps}
        classNames={{ header: classes.header }}
        noRecordsIcon={emptyIcon}
        noRecordsText={list.filtered && emptyFiltered ? emptyFiltered : empty}
        data-testid={testId}
        columns={
          rowActions
            ? [
                ...columns,
                {
                  accessor: 'actions',
                  title: rowActions.label ? (
                    <VisuallyHidden>{rowActions.label}</VisuallyHidden>
                  ) : (
                    (rowActions.title ?? '')
                  ),
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
