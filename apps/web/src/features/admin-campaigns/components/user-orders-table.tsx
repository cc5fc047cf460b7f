import { useState, type ComponentType } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Card,
  CloseButton,
  Group,
  Menu,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconDots, IconRocket, IconSearch } from '@tabler/icons-react';
import {
  ADMIN_CAMPAIGN_SORTS,
  CAMPAIGN_STATUSES,
  PRODUCT_TYPES,
  allowedStaffActions,
  type AdminCampaign,
  type CampaignStatus,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { CampaignStatusBadge, InstallsProgress } from '../../../components/campaign-figures';
import { ListError, ROOMY_TABLE, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { useSession } from '../../../lib/session';
import { userOrdersQueryOptions, type UserOrdersQuery } from '../api/admin-campaigns';
import { OrderDetails, type ChartProps } from './order-details';
import { actionColor, actionLabel } from './staff-actions';
import { useStaffActions, type StartTimeProps } from './use-staff-actions';
import { StoreSelect } from '../../../components/store-select';

const PAGE_SIZE = 10;
type SortColumn = UserOrdersQuery['sortBy'];

/** Product types staff can filter by (every numbered type of staff-admin §9). */
const PRODUCT_FILTER = Object.values(PRODUCT_TYPES).filter((type) => type !== PRODUCT_TYPES.undefined);

/** The two views of the list: every order, or the charged ones waiting for a vendor (status pending). */
export type OrdersView = 'all' | 'waiting';

/** A campaign's thread with its customer, as the orders page shows it. */
export interface MessagesProps {
  label: string;
  unread: (campaignId: number) => number;
  unreadLabel: (count: number) => string;
  open: (campaignId: number) => void;
}

/**
 * User orders (staff-admin §2): every customer's campaigns, server-paged, with filters, sort, the
 * actions each status allows and a details drawer (progress, history, partner, notes, vendor). The
 * "waiting for a vendor" tab lists the campaigns no vendor or ad network can take yet, with why.
 */
export function UserOrdersTable({
  userId,
  initialView = 'all',
  initialUnread = false,
  openId,
  onUserChange,
  Chart,
  StartTime,
  Thread,
  messages,
}: {
  /** Only this customer's campaigns (the `userId` URL value). */
  userId?: number;
  /** The view first shown (the `view` URL value: the staff home links to the waiting ones). */
  initialView?: OrdersView;
  /** Only the campaigns with unread customer messages first (the `unread` URL value: the staff home links to them). */
  initialUnread?: boolean;
  /** The campaign whose details drawer opens first (the `campaign` URL value: the staff bell links to it). */
  openId?: number;
  onUserChange: (userId: number | undefined) => void;
  /** The per-day planned vs delivered chart (the campaigns feature's, composed by the route). */
  Chart: ComponentType<ChartProps>;
  /** The start-time control of the start dialog (the campaigns feature's delayed start). */
  StartTime: ComponentType<StartTimeProps>;
  /** The campaigns' message threads (the notices feature's, composed by the route): unread badge and row action. */
  messages?: MessagesProps;
  /** A campaign's thread in its details drawer (the notices feature's, composed by the route). */
  Thread?: ComponentType<{ campaignId: number }>;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('campaigns');
  const { t: ta } = useTranslation('app');
  const { t: tr } = useTranslation();
  const { permissions } = useSession();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 350);
  const [view, setView] = useState<OrdersView>(initialView);
  const [status, setStatus] = useState<CampaignStatus | null>(null);
  const [productType, setProductType] = useState<string | null>(null);
  const [appstore, setAppstore] = useState<string | null>(null);
  const [unread, setUnread] = useState(initialUnread);
  const [sortStatus, setSortStatus] = useState<DataTableSortStatus<AdminCampaign>>({
    columnAccessor: 'id',
    direction: 'desc',
  });
  const [detailsId, setDetailsId] = useState<number | null>(openId ?? null);
  const actions = useStaffActions(StartTime);

  const filters = {
    // A campaign waits in pending only while no vendor or ad network can take it.
    status: view === 'waiting' ? 'pending' : (status ?? 'all'),
    productType: productType ? Number(productType) : undefined,
    appstore: appstore ? (Number(appstore) as 1 | 2) : undefined,
    user_id: userId,
    unread: unread || undefined,
    search: debouncedSearch || undefined,
    sortBy: (ADMIN_CAMPAIGN_SORTS as readonly string[]).includes(sortStatus.columnAccessor)
      ? (sortStatus.columnAccessor as SortColumn)
      : 'id',
    sortType: sortStatus.direction,
  } satisfies Omit<UserOrdersQuery, 'page' | 'limit'>;
  const [page, setPage] = usePageOf(filters);
  const { data, isFetching, error } = useQuery(
    userOrdersQueryOptions({ ...filters, page, limit: PAGE_SIZE }),
  );
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 240 },
  );

  const storeName = (store: number) => (store === 2 ? ta('stores.appStore') : ta('stores.googlePlay'));
  const typeName = (type: number) => tc(`types.${type}` as 'types.1', { defaultValue: String(type) });

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {t('userOrders.title')}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('userOrders.subtitle')}
        </Text>
      </div>

      <Tabs value={view} onChange={(value) => setView(value === 'waiting' ? 'waiting' : 'all')}>
        <Tabs.List>
          <Tabs.Tab value="all" data-testid="user-orders-view-all">
            {t('userOrders.views.all')}
          </Tabs.Tab>
          <Tabs.Tab value="waiting" data-testid="user-orders-view-waiting">
            {t('userOrders.views.waiting')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      {view === 'waiting' && (
        <Text c="dimmed" size="sm">
          {t('userOrders.waitingHint')}
        </Text>
      )}

      <Card withBorder radius="lg" padding="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
          <TextInput
            label={tr('common.search')}
            placeholder={t('userOrders.searchPlaceholder')}
            leftSection={<IconSearch size={16} stroke={1.6} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            data-testid="user-orders-search"
          />
          <Select
            label={t('userOrders.status')}
            placeholder={t('userOrders.allStatuses')}
            data={CAMPAIGN_STATUSES.map((value) => ({ value, label: tc(`status.${value}`) }))}
            value={view === 'waiting' ? 'pending' : status}
            onChange={(value) => setStatus(value as CampaignStatus | null)}
            disabled={view === 'waiting'}
            clearable
            data-testid="user-orders-status"
          />
          <Select
            label={t('userOrders.product')}
            placeholder={t('userOrders.allProducts')}
            data={PRODUCT_FILTER.map((type) => ({ value: String(type), label: typeName(type) }))}
            value={productType}
            onChange={setProductType}
            clearable
          />
          <StoreSelect
            label={t('userOrders.store')}
            placeholder={t('userOrders.allStores')}
            value={appstore}
            onChange={setAppstore}
            clearable
          />
        </SimpleGrid>
        <Switch
          mt="md"
          label={t('userOrders.unreadOnly')}
          checked={unread}
          onChange={(event) => setUnread(event.currentTarget.checked)}
          data-testid="user-orders-unread"
        />
        {userId !== undefined && (
          <Group mt="md" gap="xs">
            <Badge
              size="lg"
              variant="light"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={t('userOrders.clearUser')}
                  onClick={() => onUserChange(undefined)}
                />
              }
              data-testid="user-orders-user"
            >
              {t('userOrders.userFilter', { id: userId })}
            </Badge>
          </Group>
        )}
      </Card>

      <ListError error={error} />

      <DataTable<AdminCampaign>
        {...pagedProps}
        idAccessor="id"
        pinLastColumn
        sortStatus={sortStatus}
        onSortStatusChange={setSortStatus}
        noRecordsIcon={<IconRocket size={28} stroke={1.4} />}
        noRecordsText={t('userOrders.empty')}
        onRowClick={({ record }) => setDetailsId(record.id)}
        data-testid="user-orders-table"
        columns={[
          {
            accessor: 'id',
            title: '#',
            sortable: true,
            render: (row) => {
              const unread = messages?.unread(row.id) ?? 0;
              return (
                <Group gap={4} wrap="nowrap">
                  {row.id}
                  {unread > 0 && (
                    <Badge size="sm" color="red" circle aria-label={messages!.unreadLabel(unread)}>
                      {unread}
                    </Badge>
                  )}
                </Group>
              );
            },
          },
          {
            accessor: 'user_id',
            title: t('userOrders.columns.owner'),
            sortable: true,
            render: (row) => (
              // Long e-mails are cut to keep the table within a 1366 px screen; the whole one is in the title.
              <Anchor
                component="button"
                size="sm"
                title={`${row.user.email}: ${t('userOrders.onlyUser')}`}
                maw={130}
                truncate
                display="block"
                onClick={(event) => {
                  event.stopPropagation();
                  onUserChange(row.user.id);
                }}
              >
                {row.user.email}
              </Anchor>
            ),
          },
          {
            accessor: 'package',
            title: t('userOrders.columns.app'),
            render: (row) => (
              <Stack gap={0} maw={170}>
                <Text size="sm" truncate>
                  {row.app?.title ?? row.package}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {row.package} · {storeName(row.appstore)}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'type',
            title: `${t('userOrders.columns.type')} · ${t('userOrders.columns.country')}`,
            render: (row) => (
              <Stack gap={0}>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {typeName(row.type)}
                </Text>
                <Text size="xs" c="dimmed" title={row.country.name}>
                  {row.country.code.toUpperCase()}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'status',
            title: t('userOrders.columns.status'),
            sortable: true,
            width: 150,
            render: (row) => (
              <Stack gap={2}>
                <CampaignStatusBadge status={row.status} testId={`order-status-${row.id}`} />
                {row.waiting_reason && (
                  <Text size="xs" c="dimmed" data-testid={`order-waiting-${row.id}`}>
                    {translateMessage(row.waiting_reason)}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'installs_actual',
            title: t('userOrders.columns.installs'),
            render: (row) => <InstallsProgress campaign={row} />,
          },
          {
            accessor: 'price',
            title: t('userOrders.columns.price'),
            sortable: true,
            textAlign: 'right',
            render: (row) => (
              <Text size="sm" ff="monospace">
                {formatMoney(row.price)}
              </Text>
            ),
          },
          // Partner and vendor are in the row's details too: on screens narrower than these columns need
          // (1366 px laptops) they give way to the rest.
          {
            accessor: 'partner',
            title: t('userOrders.columns.partner'),
            visibleMediaQuery: ROOMY_TABLE,
            render: (row) => row.partner ?? '—',
          },
          { accessor: 'vendor', title: t('userOrders.columns.vendor'), visibleMediaQuery: ROOMY_TABLE },
          {
            accessor: 'created_at',
            title: t('userOrders.columns.created'),
            sortable: true,
            noWrap: true,
            render: (row) => formatDate(row.created_at),
          },
          {
            accessor: 'actions',
            title: '',
            textAlign: 'right',
            render: (row) => (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t('userOrders.menu', { id: row.id })}
                    loading={actions.pending?.id === row.id}
                    onClick={(event) => event.stopPropagation()}
                  >
                    <IconDots size={18} />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
                  <Menu.Item onClick={() => setDetailsId(row.id)}>{t('userOrders.details')}</Menu.Item>
                  {messages && (
                    <Menu.Item onClick={() => messages.open(row.id)} data-testid={`order-messages-${row.id}`}>
                      {messages.label}
                    </Menu.Item>
                  )}
                  {allowedStaffActions(row.status, permissions).map((kind) => (
                    <Menu.Item
                      key={kind}
                      color={actionColor(kind)}
                      onClick={() => actions.request(row, kind)}
                    >
                      {t(`actions.${actionLabel(kind, row.status)}`)}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            ),
          },
        ]}
      />

      {actions.dialog}
      <OrderDetails
        id={detailsId}
        onClose={() => setDetailsId(null)}
        onAction={actions.request}
        Chart={Chart}
        Thread={Thread}
      />
    </Stack>
  );
}
