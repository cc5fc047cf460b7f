import { useState } from 'react';
import { ActionIcon, Anchor, Badge, Group, Menu, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheck, IconCircleX, IconDots, IconSearch, IconUserShare } from '@tabler/icons-react';
import { ROLES, type AdminUser, type AdminUsersQuery, type Role } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { CopyValue } from '../../../components/copy-value';
import { countryName, formatDate } from '../../../lib/format';
import { canOpen } from '../../../lib/navigation';
import { displayRoles } from '../../../lib/roles';
import { useCan, useSession } from '../../../lib/session';
import { showErrorModal } from '../../../components/error-modal';
import { ApiError } from '../../../lib/api';
import { errorText, flattenErrors } from '../../../lib/messages';
import { useLoginAsUser } from '../api/login-as';
import { adminUsersQueryOptions, type AdminUsersListQuery } from '../api/admin-users';

const PAGE_SIZE = 10;
type SortColumn = NonNullable<AdminUsersQuery['orderBy']>;
const SORTABLE: readonly SortColumn[] = ['created_at', 'email', 'nickname', 'id'];

/**
 * Staff list of users: server-side paging, search, role filter and sorting (staff-admin §2); each user links
 * to their campaigns on /admin/user-orders for the roles that may open it.
 */
export function UserListTable() {
  const { t, i18n } = useTranslation('app');
  const { t: tr } = useTranslation();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 350);
  const [role, setRole] = useState<Role | null>(null);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<AdminUser>>({
    columnAccessor: 'created_at',
    direction: 'desc',
  });

  const orderBy = (SORTABLE as readonly string[]).includes(String(sortStatus.columnAccessor))
    ? (sortStatus.columnAccessor as SortColumn)
    : 'created_at';
  const filters = {
    search: debouncedSearch || undefined,
    role: role ?? undefined,
    orderBy,
    sortBy: sortStatus.direction,
  } satisfies Omit<AdminUsersListQuery, 'page' | 'limit'>;
  const [page, setPage] = usePageOf(filters);
  const { data, isFetching, error } = useQuery(
    adminUsersQueryOptions({ ...filters, page, limit: PAGE_SIZE }),
  );
  const ordersLink = canOpen('/admin/user-orders', useSession().permissions);
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 240 },
  );

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('adminUsers.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('adminUsers.subtitle')}
        </Text>
      </div>

      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput
          label={tr('common.search')}
          placeholder={t('adminUsers.searchPlaceholder')}
          leftSection={<IconSearch size={16} stroke={1.6} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          style={{ flex: '1 1 260px' }}
          maw={420}
        />
        <Select
          label={t('adminUsers.role')}
          placeholder={t('adminUsers.allRoles')}
          data={ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
          value={role}
          onChange={(value) => setRole(value as Role | null)}
          clearable
          w={200}
        />
      </Group>

      <ListError error={error} />

      <DataTable<AdminUser>
        {...pagedProps}
        idAccessor="id"
        sortStatus={sortStatus}
        onSortStatusChange={(next) =>
          setSortStatus(
            // A newly chosen column starts A→Z (newest first for the registration date).
            next.columnAccessor === sortStatus.columnAccessor
              ? next
              : { ...next, direction: next.columnAccessor === 'created_at' ? 'desc' : 'asc' },
          )
        }
        noRecordsText={t('adminUsers.empty')}
        columns={[
          {
            accessor: 'id',
            title: t('adminUsers.columns.id'),
            sortable: true,
            noWrap: true,
            render: (user) => (
              <Group gap={2} wrap="nowrap">
                <Text size="sm">{user.id}</Text>
                <CopyValue value={String(user.id)} label={t('userMenu.userId')} />
              </Group>
            ),
          },
          { accessor: 'email', title: t('adminUsers.columns.email'), sortable: true, noWrap: true },
          { accessor: 'nickname', title: t('adminUsers.columns.nickname'), sortable: true, noWrap: true },
          { accessor: 'full_name', title: t('adminUsers.columns.fullName') },
          {
            accessor: 'country',
            title: t('adminUsers.columns.country'),
            render: (user) => (
              <Text size="sm" title={user.country}>
                {countryName(user.country, i18n.language)}
              </Text>
            ),
          },
          {
            accessor: 'roles',
            title: t('adminUsers.columns.roles'),
            render: (user) => (
              <Group gap={4} miw={110}>
                {displayRoles(user.roles).map((name) => (
                  <Badge
                    key={name}
                    size="sm"
                    variant={name === 'user' ? 'light' : 'filled'}
                    style={{ flexShrink: 0 }}
                  >
                    {t(`roles.${name}`)}
                  </Badge>
                ))}
              </Group>
            ),
          },
          {
            accessor: 'email_verified',
            title: t('adminUsers.columns.verified'),
            textAlign: 'center',
            render: (user) =>
              user.email_verified ? (
                <IconCircleCheck
                  size={18}
                  color="var(--mantine-color-teal-6)"
                  aria-label={tr('common.yes')}
                />
              ) : (
                <IconCircleX size={18} color="var(--mantine-color-gray-5)" aria-label={tr('common.no')} />
              ),
          },
          {
            accessor: 'created_at',
            title: t('adminUsers.columns.createdAt'),
            sortable: true,
            noWrap: true,
            render: (user) => formatDate(user.created_at),
          },
          ...(ordersLink
            ? [
                {
                  accessor: 'orders',
                  title: t('adminUsers.columns.orders'),
                  noWrap: true,
                  render: (user: AdminUser) => (
                    <Anchor
                      size="sm"
                      renderRoot={(props) => (
                        <Link {...props} to="/admin/user-orders" search={{ userId: String(user.id) }} />
                      )}
                      aria-label={t('adminUsers.ordersOf', { email: user.email })}
                      data-testid={`user-orders-link-${user.id}`}
                    >
                      {t('adminUsers.orders')}
                    </Anchor>
                  ),
                },
              ]
            : []),
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (user) => <UserRowMenu user={user} />,
          },
        ]}
      />
    </Stack>
  );
}

/** A user's row menu (staff-admin §2: edit, delete, …, log in as the user); each item behind its permission. */
function UserRowMenu({ user }: { user: AdminUser }) {
  const { t } = useTranslation('app');
  const { t: ts } = useTranslation('security');
  const canLoginAs = useCan('users.login-as');
  const loginAs = useLoginAsUser();
  if (!canLoginAs) return null;
  const openAsUser = () =>
    loginAs.mutate(user.email, {
      onError: (error) =>
        showErrorModal(
          error instanceof ApiError && error.errors ? flattenErrors(error.errors) : [errorText(error)],
          ts('impersonation.failedTitle'),
        ),
    });
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          aria-label={t('adminUsers.menuOf', { email: user.email })}
          loading={loginAs.isPending}
          data-testid={`user-menu-${user.id}`}
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          leftSection={<IconUserShare size={16} />}
          onClick={openAsUser}
          data-testid={`user-login-as-${user.id}`}
        >
          {ts('impersonation.action')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
