import { useCallback, useState } from 'react';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../lib/messages';

/** One page of a server list as the API answers it (`data` and `meta.total`). */
interface PageResult<T> {
  data: T[];
  meta: { total: number };
}

interface Paging {
  page: number;
  onPageChange: (page: number) => void;
  perPage: number;
  /** Height kept while the page is empty, so the empty state has room. */
  emptyHeight: number;
}

/**
 * Wide enough for a staff table's every column beside the side menu: below it, the columns a row's details also
 * show are left out, so the table does not scroll sideways at 1366 px.
 */
export const ROOMY_TABLE = '(min-width: 1600px)';

/**
 * What every server-paged mantine-datatable shares: the look, the page's records and total, the
 * loading state, and the paging texts in the interface language. Spread it into `<DataTable>`.
 */
export function usePagedTableProps<T>(query: { data?: PageResult<T>; isFetching: boolean }, paging: Paging) {
  const { t } = useTranslation('app');
  const { t: tr } = useTranslation();
  return {
    withTableBorder: true,
    borderRadius: 'md',
    striped: true,
    highlightOnHover: true,
    minHeight: query.data?.data.length ? undefined : paging.emptyHeight,
    records: query.data?.data ?? [],
    fetching: query.isFetching,
    totalRecords: query.data?.meta.total ?? 0,
    recordsPerPage: paging.perPage,
    page: paging.page,
    onPageChange: paging.onPageChange,
    loadingText: tr('common.loading'),
    paginationText: ({ from, to, totalRecords }: { from: number; to: number; totalRecords: number }) =>
      t('table.range', { from, to, total: totalRecords }),
    getPaginationControlProps: (control: 'first' | 'last' | 'previous' | 'next') => ({
      'aria-label': control === 'previous' ? t('table.previous') : t('table.next'),
    }),
  } as const;
}

/**
 * The page of a server list: any new filter, search or sort (`filters`, compared by value) starts again
 * from page 1.
 */
export function usePageOf(filters: unknown): [number, (page: number) => void] {
  const key = JSON.stringify(filters);
  const [paged, setPaged] = useState({ key, page: 1 });
  const setPage = useCallback((page: number) => setPaged({ key, page }), [key]);
  return [paged.key === key ? paged.page : 1, setPage];
}

/** The error of a list (or a card) that failed to load; with `onRetry`, a button that loads it again. */
export function ListError({
  error,
  title,
  onRetry,
  testId,
}: {
  error: unknown;
  title?: string;
  onRetry?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation('app');
  if (!error) return null;
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={title} role="alert" data-testid={testId}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{errorText(error)}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            {t('actions.retry')}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
