import { useState } from 'react';
import { Anchor, Badge, Button, Group, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheck, IconCircleX, IconFilterOff } from '@tabler/icons-react';
import { ROLES, type AdminUser, type AdminUsersQuery } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ROOMY_TABLE } from '../../../components/paged-table';
import { ListSearchField, dateColumn, StaffList, useServerList } from '../../../components/staff-list';
import { CopyValue } from '../../../components/copy-value';
import { isValidRange } from '../../../lib/date-range';
import { countryName } from '../../../lib/format';
import { displayRoles } from '../../../lib/roles';
import { useSession } from '../../../lib/session';
import { adminUsersQueryOptions, managersQueryOptions, pricePlansQueryOptions } from '../api/admin-users';
import { LoginAsItem } from './login-as-item';
import { UserActionsMenu } from './user-actions-menu';
import { DateField } from '../../../components/date-field';

type SortColumn = NonNullable<AdminUsersQuery['orderBy']>;
const SORTABLE: readonly SortColumn[] = ['created_at', 'email', 'nickname', 'id', 'last_login_at'];

interface Filters {
  search: string;
  role: string | null;
  plan: string | null;
  verified: string | null;
  active: string | null;
  manager: string | null;
  from: string;
  to: string;
}
const NO_FILTERS: Filters = {
  search: '',
  role: null,
  plan: null,
  verified: null,
  active: null,
  manager: null,
  from: '',
  to: '',
};

/**
 * Staff list of users (staff-admin §2 User lists): server-side paging, search (e-mail, nickname, full name,
 * id, referral code), filters and sorting; each row opens the user's details and carries the user's actions.
 */
export function UserListTable() {
  const { t, i18n } = useTranslation('app');
  const { t: tu } = useTranslation('users');
  const { t: tr } = useTranslation();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [debounced] = useDebouncedValue(filters, 350);
  const set = (patch: Partial<Filters>) => setFilters((current) => ({ ...current, ...patch }));
  const plans = useQuery(pricePlansQueryOptions());
  const managers = useQuery(managersQueryOptions());

  // Either end alone filters; a backwards range filters nothing until it is put right (the server refuses it).
  const backwards = (from: string, to: string) => Boolean(from && to) && !isValidRange(from, to);
  const range = backwards(debounced.from, debounced.to)
    ? {}
    : { from: debounced.from || undefined, to: debounced.to || undefined };
  const query = {
    search: debounced.search.trim() || undefined,
    role: debounced.role ?? undefined,
    priceplan_id: debounced.plan ?? undefined,
    verified: debounced.verified ?? undefined,
    active: debounced.active ?? undefined,
    manager_id: debounced.manager ?? undefined,
    ...range,
  };
  const list = useServerList({
    filters: query,
    // A newly chosen column starts A→Z (newest first for the dates).
    sort: {
      by: SORTABLE,
      initial: 'created_at',
      firstDirection: (column) => (column.endsWith('_at') ? 'desc' : 'asc'),
    },
    queryOptions: adminUsersQueryOptions,
    emptyHeight: 240,
  });
  const permissions = useSession().permissions;
  const ordersLink = permissions.includes('user-orders');
  const detailsLink = permissions.includes('user-details');
  const filtered = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);
  const yesNo = [
    { value: '1', label: tr('common.yes') },
    { value: '0', label: tr('common.no') },
  ];

  return (
    <StaffList<AdminUser>
      title={t('adminUsers.title')}
      subtitle={tu('list.subtitle')}
      filters={
        <>
          <ListSearchField
            search={{ value: filters.search, setValue: (search: string) => set({ search }) }}
            placeholder={tu('list.searchPlaceholder')}
            data-testid="users-search"
          />
          <Select
            label={t('adminUsers.role')}
            placeholder={t('adminUsers.allRoles')}
            data={ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
            value={filters.role}
            onChange={(role) => set({ role })}
            clearable
            w={170}
          />
          <Select
            label={tu('list.plan')}
            placeholder={tu('list.all')}
            data={(plans.data?.data ?? []).map((plan) => ({ value: String(plan.id), label: plan.name }))}
            value={filters.plan}
            onChange={(plan) => set({ plan })}
            clearable
            w={170}
          />
          <Select
            label={tu('list.verified')}
            placeholder={tu('list.all')}
            data={yesNo}
            value={filters.verified}
            onChange={(verified) => set({ verified })}
            clearable
            w={120}
          />
          <Select
            label={tu('list.active')}
            placeholder={tu('list.all')}
            data={yesNo}
            value={filters.active}
            onChange={(active) => set({ active })}
            clearable
            w={120}
          />
          <Select
            label={tu('list.manager')}
            placeholder={tu('list.all')}
            data={(managers.data?.data ?? []).map((manager) => ({
              value: String(manager.id),
              label: manager.nickname,
            }))}
            value={filters.manager}
            onChange={(manager) => set({ manager })}
            clearable
            searchable
            w={170}
          />
          <DateField
            label={tu('list.from')}
            value={filters.from}
            onChange={(day) => set({ from: day })}
            error={backwards(filters.from, filters.to) ? tu('list.rangeInvalid') : undefined}
            w={160}
          />
          <DateField label={tu('list.to')} value={filters.to} onChange={(day) => set({ to: day })} w={160} />
          {filtered && (
            <Button
              variant="subtle"
              leftSection={<IconFilterOff size={16} />}
              onClick={() => setFilters(NO_FILTERS)}
            >
              {tu('list.reset')}
            </Button>
          )}
        </>
      }
      list={list}
      empty={t('adminUsers.empty')}
      // The row menu stays in view when the table scrolls sideways.
      pinLastColumn
      testId="users-table"
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
        {
          accessor: 'email',
          title: t('adminUsers.columns.email'),
          sortable: true,
          noWrap: true,
          render: (user) =>
            // Long e-mails are cut to keep the table within a 1366 px screen; the whole one is in the title.
            detailsLink ? (
              <Anchor
                size="sm"
                renderRoot={(props) => (
                  <Link {...props} to="/admin/user-details/$id" params={{ id: String(user.id) }} />
                )}
                title={user.email}
                maw={190}
                truncate
                display="block"
                data-testid={`user-details-link-${user.id}`}
              >
                {user.email}
              </Anchor>
            ) : (
              <Text size="sm" title={user.email} maw={190} truncate>
                {user.email}
              </Text>
            ),
        },
        {
          accessor: 'nickname',
          title: t('adminUsers.columns.nickname'),
          sortable: true,
          noWrap: true,
          // The full name under the nickname keeps the table within 1366 px.
          render: (user) => (
            <Stack gap={0} maw={150}>
              <Text size="sm" truncate title={user.nickname}>
                {user.nickname}
              </Text>
              <Text size="xs" c="dimmed" truncate title={user.full_name}>
                {user.full_name}
              </Text>
            </Stack>
          ),
        },
        {
          accessor: 'country',
          title: t('adminUsers.columns.country'),
          // Country and verification are on the user's details (the e-mail link) and in the filters.
          visibleMediaQuery: ROOMY_TABLE,
          render: (user) => (
            // The code keeps the column narrow; the name is its tooltip and its accessible name.
            <Text size="sm">
              <abbr title={countryName(user.country, i18n.language)}>{user.country}</abbr>
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
          accessor: 'priceplan',
          title: tu('list.plan'),
          noWrap: true,
          render: (user) => user.priceplan.name,
        },
        {
          accessor: 'email_verified',
          title: t('adminUsers.columns.verified'),
          textAlign: 'center',
          visibleMediaQuery: ROOMY_TABLE,
          render: (user) =>
            user.email_verified ? (
              <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-label={tr('common.yes')} />
            ) : (
              <IconCircleX size={18} color="var(--mantine-color-gray-5)" aria-label={tr('common.no')} />
            ),
        },
        {
          accessor: 'is_active',
          title: tu('list.active'),
          noWrap: true,
          // The dot keeps the label in the text colour (a light badge's text is too faint for axe).
          render: (user) => (
            <Badge
              size="sm"
              variant="dot"
              color={user.is_active ? 'teal' : 'gray'}
              style={{ minWidth: 'max-content' }}
            >
              {user.is_active ? tu('status.active') : tu('status.inactive')}
            </Badge>
          ),
        },
        dateColumn('created_at', t('adminUsers.columns.createdAt'), { sortable: true }),
        ...(ordersLink
          ? [
              {
                accessor: 'orders',
                title: t('adminUsers.columns.orders'),
                noWrap: true,
                render: (user: AdminUser) => (
                  // The visible text starts the accessible name (axe: label-content-name-mismatch).
                  <Anchor
                    size="sm"
                    renderRoot={(props) => (
                      <Link {...props} to="/admin/user-orders" search={{ userId: String(user.id) }} />
                    )}
                    data-testid={`user-orders-link-${user.id}`}
                  >
                    {t('adminUsers.orders')}
                    <VisuallyHidden>{` ${user.email}`}</VisuallyHidden>
                  </Anchor>
                ),
              },
            ]
          : []),
      ]}
      rowActions={{
        label: tu('list.actions'),
        render: (user) => <UserActionsMenu user={user} extraItems={<LoginAsItem user={user} />} />,
      }}
    />
  );
}
