import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFunction, IconPlus, IconPuzzle, IconSearch } from '@tabler/icons-react';
import type { PermissionFunction, PermissionModule } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ConfirmRowAction } from '../../../components/confirm-row-action';
import { RowMenu } from '../../../components/row-menu';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { formatDate } from '../../../lib/format';
import {
  allModulesQueryOptions,
  functionsQueryOptions,
  modulesQueryOptions,
  useDeleteFunction,
  useDeleteModule,
  type FunctionsQuery,
} from '../api/catalog';
import { CatalogModal } from './catalog-modal';

const PAGE_SIZE = 10;
const SORTS: readonly string[] = ['id', 'name', 'permission_name', 'created_at'];
type Row = PermissionModule | PermissionFunction;
const isModule = (row: Row): row is PermissionModule => 'functions_count' in row;

/**
 * Modules or functions (staff-admin §2, admin): server-paged list with search and sort (functions also by
 * module); create, edit and delete. Built-in entries (the ones the server checks) are marked and not deleted.
 */
export function CatalogTable({ kind }: { kind: 'module' | 'function' }) {
  const { t } = useTranslation('access');
  const { t: tr } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 350);
  const [moduleId, setModuleId] = useState<string | null>(null);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<Row>>({
    columnAccessor: 'id',
    direction: 'asc',
  });
  const [editing, setEditing] = useState<{ entry?: Row } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const removeModule = useDeleteModule();
  const removeFunction = useDeleteFunction();
  const remove = kind === 'module' ? removeModule : removeFunction;

  const filters = {
    search: debouncedSearch || undefined,
    orderBy: (SORTS.includes(sortStatus.columnAccessor as string)
      ? sortStatus.columnAccessor
      : 'id') as FunctionsQuery['orderBy'],
    sortBy: sortStatus.direction,
    ...(kind === 'function' && moduleId && { module_id: Number(moduleId) }),
  };
  const [page, setPage] = usePageOf(filters);
  const query = { ...filters, page, limit: PAGE_SIZE };
  const moduleList = useQuery({ ...modulesQueryOptions(query), enabled: kind === 'module' });
  const functionList = useQuery({ ...functionsQueryOptions(query), enabled: kind === 'function' });
  const list = kind === 'module' ? moduleList : functionList;
  const modules = useQuery({ ...allModulesQueryOptions(), enabled: kind === 'function' });
  const pagedProps = usePagedTableProps<Row>(
    { data: list.data, isFetching: list.isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 220 },
  );
  const plural = kind === 'module' ? ('modules' as const) : ('functions' as const);

  const columns: DataTableColumn<Row>[] = [
    { accessor: 'id', title: '#', sortable: true },
    {
      accessor: 'name',
      title: t('columns.name'),
      sortable: true,
      render: (row) => (
        <Group gap={6}>
          <Text size="sm" fw={500}>
            {row.name}
          </Text>
          {row.builtin && (
            <Badge size="xs" variant="light" color="gray">
              {t('builtin')}
            </Badge>
          )}
        </Group>
      ),
    },
    ...(kind === 'function'
      ? [
          {
            accessor: 'module',
            title: t('columns.module'),
            render: (row: Row) => (isModule(row) ? '' : row.module.name),
          },
        ]
      : []),
    { accessor: 'namespace', title: t('columns.namespace') },
    {
      accessor: 'permission_name',
      title: t('columns.permissionName'),
      sortable: true,
      noWrap: true,
      render: (row) => (
        <Text size="sm" ff="monospace">
          {row.permission_name}
        </Text>
      ),
    },
    ...(kind === 'module'
      ? [
          {
            accessor: 'functions_count',
            title: t('columns.functions'),
            textAlign: 'right' as const,
            render: (row: Row) => (isModule(row) ? row.functions_count : ''),
          },
        ]
      : []),
    {
      accessor: 'created_at',
      title: t('columns.created'),
      sortable: true,
      noWrap: true,
      render: (row) => formatDate(row.created_at),
    },
    {
      accessor: 'actions',
      title: '',
      textAlign: 'right',
      render: (row) => (
        <RowMenu
          label={t('menuOf', { name: row.name })}
          items={[
            { label: t('edit'), onClick: () => setEditing({ entry: row }) },
            { label: t('delete'), danger: true, disabled: row.builtin, onClick: () => setDeleting(row) },
          ]}
        />
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t(`${plural}.title`)}
          </Title>
          <Text c="dimmed" mt={4}>
            {t(`${plural}.subtitle`)}
          </Text>
        </div>
        <Button
          leftSection={<IconPlus size={18} />}
          onClick={() => setEditing({})}
          data-testid={`${kind}-add`}
        >
          {t(`${plural}.add`)}
        </Button>
      </Group>

      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput
          label={tr('common.search')}
          placeholder={t('searchPlaceholder')}
          leftSection={<IconSearch size={16} stroke={1.6} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
          maw={420}
          data-testid={`${plural}-search`}
        />
        {kind === 'function' && (
          <Select
            label={t('columns.module')}
            placeholder={t('functions.allModules')}
            data={(modules.data?.data ?? []).map((module) => ({
              value: String(module.id),
              label: module.name,
            }))}
            value={moduleId}
            onChange={setModuleId}
            searchable
            clearable
            w={240}
          />
        )}
      </Group>

      <ListError error={list.error} />

      <DataTable<Row>
        {...pagedProps}
        idAccessor="id"
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        noRecordsIcon={
          kind === 'module' ? <IconPuzzle size={28} stroke={1.4} /> : <IconFunction size={28} stroke={1.4} />
        }
        noRecordsText={debouncedSearch || moduleId ? t('emptyFiltered') : t(`${plural}.empty`)}
        data-testid={`${plural}-table`}
        columns={columns}
      />

      {kind === 'module' ? (
        <CatalogModal
          kind="module"
          opened={editing !== null}
          entry={editing?.entry && isModule(editing.entry) ? editing.entry : undefined}
          onClose={() => setEditing(null)}
        />
      ) : (
        <CatalogModal
          kind="function"
          opened={editing !== null}
          entry={editing?.entry && !isModule(editing.entry) ? editing.entry : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmRowAction
        target={deleting}
        title={t(`${plural}.deleteTitle`, { name: deleting?.name ?? '' })}
        text={t(`${plural}.deleteText`)}
        confirmLabel={t('delete')}
        run={(row) => remove.mutateAsync(row.id)}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
