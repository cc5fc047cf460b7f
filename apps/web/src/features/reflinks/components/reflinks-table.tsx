import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import type { Reflink } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ConfirmRowAction } from '../../../components/confirm-row-action';
import { CopyValue } from '../../../components/copy-value';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { RowMenu } from '../../../components/row-menu';
import { formatDate, formatMoney } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { reflinksQueryOptions, useDeleteReflink, type ReflinksQuery } from '../api/reflinks';
import { ReflinkModal } from './reflink-modal';

const PAGE_SIZE = 10;
const SORTS: readonly ReflinksQuery['orderBy'][] = ['created_at', 'name', 'code', 'registrations', 'revenue'];

/**
 * Reflinks (staff-admin §2): name, code, category, bonus, e-mail and creation date with each one's
 * registrations, paying users and revenue; the admin creates, edits and deletes them.
 */
export function ReflinksTable() {
  const { t } = useTranslation('staffmoney');
  const { t: tr } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 350);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Reflink>>({
    columnAccessor: 'created_at',
    direction: 'desc',
  });
  const [editing, setEditing] = useState<{ reflink?: Reflink } | null>(null);
  const [deleting, setDeleting] = useState<Reflink | null>(null);
  const manage = useCan('reflinks.manage');
  const remove = useDeleteReflink();

  const filters = {
    search: debouncedSearch || undefined,
    orderBy: SORTS.includes(sortStatus.columnAccessor as ReflinksQuery['orderBy'])
      ? (sortStatus.columnAccessor as ReflinksQuery['orderBy'])
      : 'created_at',
    sortBy: sortStatus.direction,
  } satisfies Omit<ReflinksQuery, 'page' | 'limit'>;
  const [page, setPage] = usePageOf(filters);
  const { data, isFetching, error } = useQuery(reflinksQueryOptions({ ...filters, page, limit: PAGE_SIZE }));
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 220 },
  );
  const signupLink = (code: string) => `${window.location.origin}/signup?ref=${encodeURIComponent(code)}`;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('reflinks.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('reflinks.subtitle')}
          </Text>
        </div>
        {manage && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setEditing({})}
            data-testid="reflink-create"
          >
            {t('reflinks.create')}
          </Button>
        )}
      </Group>

      <TextInput
        label={tr('common.search')}
        placeholder={t('reflinks.searchPlaceholder')}
        leftSection={<IconSearch size={16} stroke={1.6} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
      />

      <ListError error={error} />

      <DataTable<Reflink>
        {...pagedProps}
        idAccessor="id"
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        noRecordsText={t('reflinks.empty')}
        columns={[
          { accessor: 'name', title: t('reflinks.columns.name'), sortable: true },
          {
            accessor: 'code',
            title: t('reflinks.columns.code'),
            sortable: true,
            render: (reflink) => (
              <Group gap={2} wrap="nowrap">
                <Text size="sm" ff="monospace">
                  {reflink.code}
                </Text>
                <CopyValue value={signupLink(reflink.code)} label={t('reflinks.copyLink')} />
              </Group>
            ),
          },
          { accessor: 'category', title: t('reflinks.columns.category') },
          {
            accessor: 'bonus',
            title: t('reflinks.columns.bonus'),
            textAlign: 'right',
            render: (reflink) => formatMoney(reflink.bonus),
          },
          {
            accessor: 'email',
            title: t('reflinks.columns.email'),
            render: (reflink) => reflink.email ?? '—',
          },
          {
            accessor: 'registrations',
            title: t('reflinks.columns.registrations'),
            sortable: true,
            textAlign: 'right',
          },
          { accessor: 'paying_users', title: t('reflinks.columns.payingUsers'), textAlign: 'right' },
          {
            accessor: 'revenue',
            title: t('reflinks.columns.revenue'),
            sortable: true,
            textAlign: 'right',
            render: (reflink) => formatMoney(reflink.revenue),
          },
          {
            accessor: 'created_at',
            title: t('reflinks.columns.created'),
            sortable: true,
            noWrap: true,
            render: (reflink) => formatDate(reflink.created_at),
          },
          {
            accessor: 'actions',
            title: <VisuallyHidden>{t('reflinks.actions')}</VisuallyHidden>,
            textAlign: 'right',
            render: (reflink) =>
              manage ? (
                <RowMenu
                  label={t('reflinks.menu', { name: reflink.name })}
                  items={[
                    { label: t('reflinks.edit'), onClick: () => setEditing({ reflink }) },
                    { label: t('reflinks.delete'), danger: true, onClick: () => setDeleting(reflink) },
                  ]}
                />
              ) : null,
          },
        ]}
      />

      <ReflinkModal opened={editing !== null} reflink={editing?.reflink} onClose={() => setEditing(null)} />
      <ConfirmRowAction
        target={deleting}
        title={t('reflinks.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('reflinks.deleteText')}
        confirmLabel={t('reflinks.delete')}
        run={(reflink) => remove.mutateAsync(reflink.id)}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
