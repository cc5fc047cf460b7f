import { useState } from 'react';
import { ActionIcon, Badge, Select, Stack, Text } from '@mantine/core';
import { IconShieldLock, IconTrash } from '@tabler/icons-react';
import {
  ACCESS_LIST_CATEGORIES,
  ACCESS_LIST_TYPES,
  type AccessListCategory,
  type AccessListEntry,
  type AccessListType,
} from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { useConfirmRow } from '../../../components/confirm-row-action';
import { PermissionGate } from '../../../components/permission-gate';
import { dateColumn, StaffList, useServerList } from '../../../components/staff-list';
import { formatDateTime } from '../../../lib/format';
import { useCan } from '../../../lib/session';
import { accessListQueryOptions, useDeleteAccessEntry, type AccessListsQuery } from '../api/access-lists';
import { AccessEntryModal } from './access-entry-modal';

const SORTS: readonly AccessListsQuery['orderBy'][] = ['created_at', 'date', 'value'];

/**
 * Access lists (staff-admin §2, admin, manager, support): black and white list entries, server-paged with
 * filters by list and category, a search and sorting; adding and deleting need `access-lists.manage`.
 */
export function AccessListsTable() {
  const { t } = useTranslation('security');
  const [listType, setListType] = useState<AccessListType | null>(null);
  const [category, setCategory] = useState<AccessListCategory | null>(null);
  const [adding, setAdding] = useState(false);
  const manage = useCan('access-lists.manage');
  const remove = useDeleteAccessEntry();
  const deleting = useConfirmRow(remove, (entry: AccessListEntry) => ({
    title: t('accessLists.deleteTitle'),
    text: t('accessLists.deleteConfirm', {
      value: entry.value,
      list: t(`accessLists.listTypes.${entry.list_type}`),
    }),
    confirmLabel: t('accessLists.delete'),
  }));
  const list = useServerList({
    search: true,
    filters: { list_type: listType ?? undefined, category: category ?? undefined },
    sort: { by: SORTS, initial: 'created_at' },
    queryOptions: accessListQueryOptions,
  });

  return (
    <StaffList<AccessListEntry>
      title={t('accessLists.title')}
      subtitle={t('accessLists.subtitle')}
      create={
        manage && {
          label: t('accessLists.add'),
          onClick: () => setAdding(true),
          testId: 'access-add',
          iconSize: 18,
        }
      }
      search={{ placeholder: t('accessLists.searchPlaceholder'), w: 280, testId: 'access-search' }}
      filters={
        <>
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
        </>
      }
      list={list}
      emptyIcon={<IconShieldLock size={28} stroke={1.4} />}
      empty={t('accessLists.empty')}
      emptyFiltered={t('accessLists.emptyFiltered')}
      testId="access-table"
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
        dateColumn('date', t('accessLists.columns.date'), { sortable: true }),
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
      ]}
      rowActions={{
        render: (entry) => (
          <PermissionGate permission="access-lists.manage">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('accessLists.deleteOf', { value: entry.value })}
              onClick={() => deleting.ask(entry)}
              data-testid={`access-delete-${entry.id}`}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </PermissionGate>
        ),
      }}
    >
      <AccessEntryModal opened={adding} onClose={() => setAdding(false)} />
      {deleting.dialog}
    </StaffList>
  );
}
