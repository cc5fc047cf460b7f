import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconShieldLock, IconTrash } from '@tabler/icons-react';
import {
  ACCESS_LIST_CATEGORIES,
  ACCESS_LIST_TYPES,
  type AccessListCategory,
  type AccessListEntry,
  type AccessListType,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ConfirmRowAction } from '../../../components/confirm-row-action';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { PermissionGate } from '../../../components/permission-gate';
import { formatDate, formatDateTime } from '../../../lib/format';
import { accessListQueryOptions, useDeleteAccessEntry, type AccessListsQuery } from '../api/access-lists';
import { AccessEntryModal } from './access-entry-modal';

const PAGE_SIZE = 10;
const SORTS: readonly string[] = ['created_at', 'date', 'value'];

/**
 * Access lists (staff-admin §2, admin, manager, support): black and white list entries, server-paged with
 * filters by list and category, a search and sorting; adding and deleting need `access-lists.manage`.
 */
export function AccessListsTable() {
  const { t } = useTranslation('security');
  const { t: tr } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 350);
  const [listType, setListType] = useState<AccessListType | null>(null);
  const [category, setCategory] = useState<AccessListCategory | null>(null);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<AccessListEntry>>({
    columnAccessor: 'created_at',
    direction: 'desc',
  });
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AccessListEntry | null>(null);
  const remove = useDeleteAccessEntry();

  const filters = {
    search: debouncedSearch || undefined,
    list_type: listType ?? undefined,
    category: category ?? undefined,
    orderBy: (SORTS.includes(sortStatus.columnAccessor as string)
      ? sortStatus.columnAccessor
      : 'created_at') as AccessListsQuery['orderBy'],
    sortBy: sortStatus.direction,
  } satisfies Omit<AccessListsQuery, 'page' | 'limit'>;
  const [page, setPage] = usePageOf(filters);
  const { data, isFetching, error } = useQuery(
    accessListQueryOptions({ ...filters, page, limit: PAGE_SIZE }),
  );
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 220 },
  );
  const filtered = Boolean(debouncedSearch || listType || category);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('accessLists.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('accessLists.subtitle')}
          </Text>
        </div>
        <PermissionGate permission="access-lists.manage">
          <Button
            leftSection={<IconPlus size={18} />}
            onClick={() => setAdding(true)}
            data-testid="access-add"
          >
            {t('accessLists.add')}
          </Button>
        </PermissionGate>
      </Group>

      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput
          label={tr('common.search')}
          placeholder={t('accessLists.searchPlaceholder')}
          leftSection={<IconSearch size={16} stroke={1.6} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={280}
          data-testid="access-search"
        />
        <Select
          label={t('accessLists.filters.listType')}
          placeholder={t('accessLists.filters.allLists')}
          data={ACCESS_LIST_TYPES.map((value) => ({ value, label: t(`accessLists.listTypes.${value}`) }))}
          value={listType}
          onChange={(value) => setListType(value as AccessListType | null)}
          clearable
          w={200}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label={t('accessLists.filters.category')}
          placeholder={t('accessLists.filters.allCategories')}
          data={ACCESS_LIST_CATEGORIES.map((value) => ({
            value,
            label: t(`accessLists.categories.${value}`),
          }))}
          value={category}
          onChange={(value) => setCategory(value as AccessListCategory | null)}
          clearable
          w={220}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>

      <ListError error={error} />

      <DataTable<AccessListEntry>
        {...pagedProps}
        idAccessor="id"
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        noRecordsIcon={<IconShieldLock size={28} stroke={1.4} />}
        noRecordsText={filtered ? t('accessLists.emptyFiltered') : t('accessLists.empty')}
        data-testid="access-table"
        columns={[
          {
            accessor: 'list_type',
            title: t('accessLists.columns.listType'),
            render: (entry) => (
              <Badge
                variant="light"
                color={entry.list_type === 'black-list' ? 'red' : 'teal'}
                radius="sm"
                tt="none"
              >
                {t(`accessLists.listTypes.${entry.list_type}`)}
              </Badge>
            ),
          },
          {
            accessor: 'category',
            title: t('accessLists.columns.category'),
            render: (entry) => t(`accessLists.categories.${entry.category}`),
          },
          {
            accessor: 'value',
            title: t('accessLists.columns.value'),
            sortable: true,
            render: (entry) => (
              <Text size="sm" ff="monospace">
                {entry.value}
              </Text>
            ),
          },
          {
            accessor: 'date',
            title: t('accessLists.columns.date'),
            sortable: true,
            noWrap: true,
            render: (entry) => formatDate(entry.date),
          },
          { accessor: 'description', title: t('accessLists.columns.description') },
          {
            accessor: 'created_at',
            title: t('accessLists.columns.added'),
            sortable: true,
            noWrap: true,
            render: (entry) => (
              <Stack gap={0}>
                <Text size="sm">{formatDateTime(entry.created_at)}</Text>
                <Text size="xs" c="dimmed">
                  {entry.created_by?.email ?? '—'}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (entry) => (
              <PermissionGate permission="access-lists.manage">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('accessLists.deleteOf', { value: entry.value })}
                  onClick={() => setDeleting(entry)}
                  data-testid={`access-delete-${entry.id}`}
                >
                  <IconTrash size={18} />
                </ActionIcon>
              </PermissionGate>
            ),
          },
        ]}
      />

      <AccessEntryModal opened={adding} onClose={() => setAdding(false)} />
      <ConfirmRowAction
        target={deleting}
        title={t('accessLists.deleteTitle')}
        text={
          deleting &&
          t('accessLists.deleteConfirm', {
            value: deleting.value,
            list: t(`accessLists.listTypes.${deleting.list_type}`),
          })
        }
        confirmLabel={t('accessLists.delete')}
        run={(entry) => remove.mutateAsync(entry.id)}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
