import { useState } from 'react';
import { Select, Text } from '@mantine/core';
import { IconFunction, IconPuzzle } from '@tabler/icons-react';
import type { FunctionList, ModuleList, PermissionFunction, PermissionModule } from '@storelift/shared';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { useConfirmRow } from '../../../components/confirm-row-action';
import { RowMenu } from '../../../components/row-menu';
import { dateColumn, StaffList, useServerList } from '../../../components/staff-list';
import {
  allModulesQueryOptions,
  functionsQueryOptions,
  modulesQueryOptions,
  useDeleteFunction,
  useDeleteModule,
  type FunctionsQuery,
} from '../api/catalog';
import { BuiltinName } from './builtin-name';
import { CatalogModal } from './catalog-modal';

const SORTS: readonly FunctionsQuery['orderBy'][] = ['id', 'name', 'permission_name', 'created_at'];
type Row = PermissionModule | PermissionFunction;
const isModule = (row: Row): row is PermissionModule => 'functions_count' in row;

/**
 * Modules or functions (staff-admin §2, admin): server-paged list with search and sort (functions also by
 * module); create, edit and delete. Built-in entries (the ones the server checks) are marked and not deleted.
 */
export function CatalogTable({ kind }: { kind: 'module' | 'function' }) {
  const { t } = useTranslation('access');
  const [moduleId, setModuleId] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ entry?: Row } | null>(null);
  const plural = kind === 'module' ? ('modules' as const) : ('functions' as const);
  const removeModule = useDeleteModule();
  const removeFunction = useDeleteFunction();
  const remove = kind === 'module' ? removeModule : removeFunction;
  const deleting = useConfirmRow(remove, (row: Row) => ({
    title: t(`${plural}.deleteTitle`, { name: row.name }),
    text: t(`${plural}.deleteText`),
    confirmLabel: t('delete'),
  }));
  const list = useServerList({
    search: true,
    filters: {
      module_id: kind === 'function' && moduleId ? Number(moduleId) : undefined,
    },
    sort: { by: SORTS, initial: 'id', direction: 'asc' },
    // The kind is fixed for the page; either list answers the same page shape.
    queryOptions: (query) =>
      (kind === 'module' ? modulesQueryOptions(query) : functionsQueryOptions(query)) as UseQueryOptions<
        ModuleList | FunctionList,
        Error,
        ModuleList | FunctionList,
        QueryKey
      >,
  });
  const modules = useQuery({ ...allModulesQueryOptions(), enabled: kind === 'function' });

  const columns: DataTableColumn<Row>[] = [
    { accessor: 'id', title: '#', sortable: true },
    {
      accessor: 'name',
      title: t('columns.name'),
      sortable: true,
      render: (row) => <BuiltinName row={row} />,
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
    dateColumn('created_at', t('columns.created'), { sortable: true }),
  ];

  return (
    <StaffList<Row>
      title={t(`${plural}.title`)}
      subtitle={t(`${plural}.subtitle`)}
      create={{
        label: t(`${plural}.add`),
        onClick: () => setEditing({}),
        testId: `${kind}-add`,
        iconSize: 18,
      }}
      search={{ placeholder: t('searchPlaceholder'), testId: `${plural}-search` }}
      filters={
        <>
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
        </>
      }
      list={list}
      emptyIcon={
        kind === 'module' ? <IconPuzzle size={28} stroke={1.4} /> : <IconFunction size={28} stroke={1.4} />
      }
      empty={t(`${plural}.empty`)}
      emptyFiltered={t('emptyFiltered')}
      testId={`${plural}-table`}
      columns={columns}
      rowActions={{
        render: (row) => (
          <RowMenu
            label={t('menuOf', { name: row.name })}
            items={[
              { label: t('edit'), onClick: () => setEditing({ entry: row }) },
              { label: t('delete'), danger: true, disabled: row.builtin, onClick: () => deleting.ask(row) },
            ]}
          />
        ),
      }}
    >
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
      {deleting.dialog}
    </StaffList>
  );
}
