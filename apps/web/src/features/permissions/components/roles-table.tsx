import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconUserShield } from '@tabler/icons-react';
import type { RoleRow } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { RowMenu } from '../../../components/row-menu';
import { dateColumn, StaffList, useServerList } from '../../../components/staff-list';
import { rolesQueryOptions, type RolesQuery } from '../api/roles';
import { BuiltinName } from './builtin-name';
import { DeleteRoleModal } from './delete-role-modal';
import { GrantsDrawer } from './grants-drawer';
import { RoleModal } from './role-modal';

const SORTS: readonly RolesQuery['orderBy'][] = ['id', 'name', 'created_at'];

/**
 * Roles (staff-admin §2, admin): server-paged list with search and sort; create, edit and delete (a role in use
 * moves its users first), and each role's grants matrix.
 */
export function RolesTable() {
  const { t } = useTranslation('access');
  const [editing, setEditing] = useState<{ role?: RoleRow } | null>(null);
  const [deleting, setDeleting] = useState<RoleRow | null>(null);
  const [granting, setGranting] = useState<RoleRow | null>(null);
  const list = useServerList({
    search: true,
    filters: {},
    sort: { by: SORTS, initial: 'id', direction: 'asc' },
    queryOptions: rolesQueryOptions,
  });

  return (
    <StaffList<RoleRow>
      title={t('roles.title')}
      subtitle={t('roles.subtitle')}
      create={{ label: t('roles.add'), onClick: () => setEditing({}), testId: 'role-add', iconSize: 18 }}
      search={{ placeholder: t('roles.searchPlaceholder'), testId: 'roles-search' }}
      list={list}
      emptyIcon={<IconUserShield size={28} stroke={1.4} />}
      empty={t('roles.empty')}
      emptyFiltered={t('emptyFiltered')}
      testId="roles-table"
      columns={[
        { accessor: 'id', title: '#', sortable: true },
        {
          accessor: 'name',
          title: t('roles.columns.name'),
          sortable: true,
          render: (role) => <BuiltinName row={role} />,
        },
        { accessor: 'guard_name', title: t('roles.columns.guardName') },
        { accessor: 'users_count', title: t('roles.columns.users'), textAlign: 'right' },
        dateColumn('created_at', t('columns.created'), { sortable: true }),
      ]}
      rowActions={{
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
            <RowMenu
              label={t('menuOf', { name: role.name })}
              items={[
                { label: t('edit'), onClick: () => setEditing({ role }) },
                {
                  label: t('delete'),
                  danger: true,
                  disabled: role.builtin,
                  onClick: () => setDeleting(role),
                },
              ]}
            />
          </Group>
        ),
      }}
    >
      <RoleModal opened={editing !== null} role={editing?.role} onClose={() => setEditing(null)} />
      <DeleteRoleModal role={deleting} onClose={() => setDeleting(null)} />
      <GrantsDrawer role={granting} onClose={() => setGranting(null)} />
    </StaffList>
  );
}
