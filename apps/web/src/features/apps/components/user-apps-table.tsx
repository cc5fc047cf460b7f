import { useState } from 'react';
import { Anchor, Avatar, Group, SegmentedControl, Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBrandApple, IconBrandGooglePlay } from '@tabler/icons-react';
import {
  ADMIN_APP_FILTERS,
  ADMIN_APP_SEARCH_COLUMNS,
  APP_STORES,
  type AdminApp,
  type AppStore,
} from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { StoreSelect } from '../../../components/store-select';
import { ROOMY_TABLE } from '../../../components/paged-table';
import {
  FilterCard,
  SearchColumnSelect,
  dateColumn,
  moneyColumn,
  StaffList,
  useServerList,
} from '../../../components/staff-list';
import { UserDetailsLink } from '../../../components/user-details-link';
import { formatMoney } from '../../../lib/format';
import { adminAppsQueryOptions, type AdminAppsQuery } from '../api/admin-apps';

type OrderColumn = AdminAppsQuery['orderBy'];
const SORTS: readonly OrderColumn[] = ['created_at', 'id', 'title', 'developer', 'promotion_value'];

/**
 * User apps (staff-admin §2, §3): every customer's tracked apps with search in a column, the all-apps filter,
 * store, only paying customers, sort and paging on the server; the owner links to their user details.
 */
export function UserAppsTable() {
  const { t } = useTranslation('staffmoney');
  const { t: ta } = useTranslation('app');
  // Below ROOMY_TABLE the store and the developer move under the app's package, so the table does not scroll
  // sideways at 1366 px.
  const storeName = (store: number) =>
    store === APP_STORES.GOOGLE_PLAY ? ta('stores.googlePlay') : ta('stores.appStore');
  const roomy = useMediaQuery(ROOMY_TABLE, true, { getInitialValueInEffect: false });
  const [searchColumn, setSearchColumn] = useState<AdminAppsQuery['searchColumn']>('all');
  const [filter, setFilter] = useState<AdminAppsQuery['allAppsFilter']>('all');
  const [store, setStore] = useState<string | null>(null);
  const [onlyPaid, setOnlyPaid] = useState(false);
  const list = useServerList({
    search: true,
    filters: {
      searchColumn,
      allAppsFilter: filter,
      appstoreId: store ? (Number(store) as AppStore) : undefined,
      only_paid: onlyPaid ? ('1' as const) : undefined,
    },
    sort: { by: SORTS, initial: 'created_at' },
    queryOptions: adminAppsQueryOptions,
    emptyHeight: 260,
  });

  return (
    <StaffList<AdminApp>
      title={t('apps.title')}
      subtitle={t('apps.subtitle')}
      above={
        <FilterCard
          search={{ of: list.search, placeholder: t('apps.searchPlaceholder'), testId: 'user-apps-search' }}
          cols={{ base: 1, xs: 2, md: 4 }}
          before={
            <SegmentedControl
              value={filter}
              onChange={(value) => setFilter(value as AdminAppsQuery['allAppsFilter'])}
              aria-label={t('apps.filter')}
              data={ADMIN_APP_FILTERS.map((value) => ({ value, label: t(`apps.filters.${value}`) }))}
              style={{ alignSelf: 'flex-start' }}
            />
          }
        >
          <SearchColumnSelect
            label={t('apps.searchColumn')}
            columns={ADMIN_APP_SEARCH_COLUMNS}
            labelOf={(column) => t(`apps.columnsSearch.${column}`)}
            value={searchColumn}
            onChange={setSearchColumn}
          />
          <StoreSelect
            label={t('apps.store')}
            placeholder={t('apps.allStores')}
            value={store}
            onChange={setStore}
            clearable
          />
          <Switch
            mt={{ md: 30 }}
            label={t('apps.onlyPaid')}
            checked={onlyPaid}
            onChange={(event) => setOnlyPaid(event.currentTarget.checked)}
          />
        </FilterCard>
      }
      list={list}
      empty={t('apps.empty')}
      columns={[
        { accessor: 'id', title: t('apps.columns.id'), sortable: true },
        {
          accessor: 'title',
          title: t('apps.columns.app'),
          sortable: true,
          render: (app) => (
            <Group gap="sm" wrap="nowrap" miw={220}>
              <Avatar src={app.icon} alt="" size={32} radius="md" />
              <div>
                <Anchor size="sm" href={app.url} target="_blank" rel="noreferrer" fw={600}>
                  {app.title}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {app.package}
                </Text>
                {!roomy && (
                  <Text size="xs" c="dimmed">
                    {storeName(app.appstore)} · {app.developer}
                  </Text>
                )}
              </div>
            </Group>
          ),
        },
        {
          accessor: 'appstore',
          title: t('apps.columns.store'),
          hidden: !roomy,
          render: (app) => (
            <Group gap={4} wrap="nowrap">
              {app.appstore === APP_STORES.GOOGLE_PLAY ? (
                <IconBrandGooglePlay size={16} aria-hidden />
              ) : (
                <IconBrandApple size={16} aria-hidden />
              )}
              <Text size="sm">{storeName(app.appstore)}</Text>
            </Group>
          ),
        },
        { accessor: 'developer', title: t('apps.columns.developer'), sortable: true, hidden: !roomy },
        { accessor: 'country', title: t('apps.columns.country') },
        {
          accessor: 'is_alive',
          title: t('apps.columns.status'),
          render: (app) => (
            <Text size="sm" fw={app.is_alive ? undefined : 700}>
              {app.is_alive ? t('apps.alive') : t('apps.banned')}
            </Text>
          ),
        },
        {
          accessor: 'user',
          title: t('apps.columns.owner'),
          render: (app) => <UserDetailsLink user={app.user} />,
        },
        {
          accessor: 'paid',
          title: t('apps.columns.ownerPaid'),
          textAlign: 'right',
          render: (app) => formatMoney(app.user.total_payments),
        },
        moneyColumn('promotion_value', t('apps.columns.promotion'), { sortable: true }),
        dateColumn('created_at', t('apps.columns.added'), { sortable: true }),
      ]}
    />
  );
}
