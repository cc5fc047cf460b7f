import { useState, type ComponentType } from 'react';
import { Anchor, Badge, CloseButton, Group, Select, Stack, Switch, Tabs, Text } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import {
  ADMIN_CAMPAIGN_SORTS,
  CAMPAIGN_STATUSES,
  PRODUCT_TYPES,
  allowedStaffActions,
  type AdminCampaign,
  type CampaignStatus,
} from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { CampaignStatusBadge, InstallsProgress } from '../../../components/campaign-figures';
import { ROOMY_TABLE } from '../../../components/paged-table';
import { RowMenu } from '../../../components/row-menu';
import { FilterCard, dateColumn, StaffList, useServerList } from '../../../components/staff-list';
import { formatMoney } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import { useSession } from '../../../lib/session';
import { userOrdersQueryOptions } from '../api/admin-campaigns';
import { OrderDetails, type ChartProps } from './order-details';
import { actionColor, actionLabel } from './staff-actions';
import { useStaffActions, type StartTimeProps } from './use-staff-actions';
import { StoreSelect } from '../../../components/store-select';

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
  const { permissions } = useSession();
  const [view, setView] = useState<OrdersView>(initialView);
  const [status, setStatus] = useState<CampaignStatus | null>(null);
  const [productType, setProductType] = useState<string | null>(null);
  const [appstore, setAppstore] = useState<string | null>(null);
  const [unread, setUnread] = useState(initialUnread);
  const [detailsId, setDetailsId] = useState<number | null>(openId ?? null);
  const actions = useStaffActions(StartTime);
  const list = useServerList({
    filters: {
      // A campaign waits in pending only while no vendor or ad network can take it.
      status: view === 'waiting' ? ('pending' as const) : (status ?? ('all' as const)),
      productType: productType ? Number(productType) : undefined,
      appstore: appstore ? (Number(appstore) as 1 | 2) : undefined,
      user_id: userId,
      unread: unread || undefined,
    },
    search: true,
    sort: { by: ADMIN_CAMPAIGN_SORTS, initial: 'id' },
    // This list names its sort `sortBy` (the column) and `sortType` (the direction).
    queryOptions: ({ orderBy, sortBy, ...query }) =>
      userOrdersQueryOptions({ ...query, sortBy: orderBy, sortType: sortBy }),
    emptyHeight: 240,
  });

  const storeName = (store: number) => (store === 2 ? ta('stores.appStore') : ta('stores.googlePlay'));
  const typeName = (type: number) => tc(`types.${type}` as 'types.1', { defaultValue: String(type) });

  return (
    <StaffList<AdminCampaign>
      title={t('userOrders.title')}
      subtitle={t('userOrders.subtitle')}
      above={
        <>
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

          <FilterCard
            search={{
              of: list.search,
              placeholder: t('userOrders.searchPlaceholder'),
              testId: 'user-orders-search',
            }}
            cols={{ base: 1, sm: 2, lg: 4 }}
            after={
              <>
                <Switch
                  label={t('userOrders.unreadOnly')}
                  checked={unread}
                  onChange={(event) => setUnread(event.currentTarget.checked)}
                  data-testid="user-orders-unread"
                />
                {userId !== undefined && (
                  <Group gap="xs">
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
              </>
            }
          >
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
          </FilterCard>
        </>
      }
      list={list}
      pinLastColumn
      emptyIcon={<IconRocket size={28} stroke={1.4} />}
      empty={t('userOrders.empty')}
      onRowClick={({ record }) => setDetailsId(record.id)}
      testId="user-orders-table"
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
        dateColumn('created_at', t('userOrders.columns.created'), { sortable: true }),
      ]}
      rowActions={{
        render: (row) => (
          <RowMenu
            label={t('userOrders.menu', { id: row.id })}
            loading={actions.pending?.id === row.id}
            items={[
              { label: t('userOrders.details'), onClick: () => setDetailsId(row.id) },
              ...(messages
                ? [
                    {
                      label: messages.label,
                      onClick: () => messages.open(row.id),
                      testId: `order-messages-${row.id}`,
                    },
                  ]
                : []),
              ...allowedStaffActions(row.status, permissions).map((kind) => ({
                label: t(`actions.${actionLabel(kind, row.status)}`),
                color: actionColor(kind),
                onClick: () => actions.request(row, kind),
              })),
            ]}
          />
        ),
      }}
    >
      {actions.dialog}
      <OrderDetails
        id={detailsId}
        onClose={() => setDetailsId(null)}
        onAction={actions.request}
        Chart={Chart}
        Thread={Thread}
      />
    </StaffList>
  );
}
