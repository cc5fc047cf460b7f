import { useState } from 'react';
import { ActionIcon, Badge, Button, Group, Menu, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconPlus, IconSearch, IconUserShield } from '@tabler/icons-react';
import type { RoleRow } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { formatDate } from '../../../lib/format';
import { rolesQueryOptions, type RolesQuery } from '../api/roles';
import { DeleteRoleModal } from './delete-role-modal';
import { GrantsDrawer } from './grants-drawer';
import { RoleModal } from './role-modal';

const PAGE_SIZE = 10;
const SORTS: readonly string[] = ['id', 'name', 'created_at'];

/**
 * Roles (staff-admin §2, admin): server-paged list with search and sort; create, edit and delete (a role in use
 * moves its users first), and each role's grants matrix.
 */
export function RolesTable() {
  const { t } = useTranslation('access');
  const { t: tr } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 350);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<RoleRow>>({
    columnAccessor: 'id',
    direction: 'asc',
  });
  const [editing, setEditing] = useState<{ role?: RoleRow } | null>(null);
  const [deleting, setDeleting] = useState<RoleRow | null>(null);
  const [granting, setGranting] = useState<RoleRow | null>(null);

  const filters = {
    search: debouncedSearch || undefined,
    orderBy: (SORTS.includes(sortStatus.columnAccessor as string)
      ? sortStatus.columnAccessor
      : 'id') as RolesQuery['orderBy'],
    sortBy: sortStatus.direction,
  } satisfies Omit<RolesQuery, 'page' | 'limit'>;
  const [page, setPage] = usePageOf(filters);
  const { data, isFetching, error } = useQuery(rolesQueryOptions({ ...filters, page, limit: PAGE_SIZE }));
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 220 },
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {t('roles.title')}
          </Title>
          <Text c="dimmed" mt={4}>
            {t('roles.subtitle')}
          </Text>
        </div>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({})} data-testid="role-add">
          {t('roles.add')}
        </Button>
      </Group>

      <TextInput
        label={tr('common.search')}
        placeholder={t('roles.searchPlaceholder')}
        leftSection={<IconSearch size={16} stroke={1.6} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        maw={420}
        data-testid="roles-search"
      />

      <ListError error={error} />

      <DataTable<RoleRow>
        {...pagedProps}
        idAccessor="id"
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        noRecordsIcon={<IconUserShield size={28} stroke={1.4} />}
        noRecordsText={debouncedSearch ? t('emptyFiltered') : t('roles.empty')}
        data-testid="roles-table"
        columns={[
          { accessor: 'id', title: '#', sortable: true },
          {
            accessor: 'name',
            title: t('roles.columns.name'),
            sortable: true,
            render: (role) => (
              <Group gap={6}>
                <Text size="sm" fw={500}>
                  {role.name}
                </Text>
                {role.builtin && (
                  <Badge size="xs" variant="light" color="gray">
                    {t('builtin')}
                  </Badge>
                )}
              </Group>
            ),
          },
          { accessor: 'guard_name', title: t('roles.columns.guardName') },
          { accessor: 'users_count', title: t('roles.columns.users'), textAlign: 'right' },
          {
            accessor: 'created_at',
            title: t('columns.created'),
            sortable: true,
            noWrap: true,
            render: (role) => formatDate(role.created_at),
          },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (role) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Button
                  size="compact-sm"
                  variant="light"
                  onClick={() => setGranting(role)}
                  data-testid={`role-grants-${role.name}`}
                >
                  {t('roles.permissions')}
                </Button>
                <Menu position="bottom-end" withinPortal>
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={t('menuOf', { name: role.name })}>
                      <IconDots size={18} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => setEditing({ role })}>{t('edit')}</Menu.Item>
                    <Menu.Item color="red" disabled={role.builtin} onClick={() => setDeleting(role)}>
                      {t('delete')}
                    </Menu.Item>
                  </Menu.Dropdown>
                </Menu>
              </Group>
            ),
          },
        ]}
      />

      <RoleModal opened={editing !== null} role={editing?.role} onClose={() => setEditing(null)} />
      <DeleteRoleModal role={deleting} onClose={() => setDeleting(null)} />
      <GrantsDrawer role={granting} onClose={() => setGranting(null)} />
    </Stack>
  );
}
