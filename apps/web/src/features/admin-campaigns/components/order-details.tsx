import { Suspense, type ComponentType } from 'react';
import {
  Alert,
  Button,
  Divider,
  Drawer,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  allowedStaffActions,
  PRODUCT_TYPES,
  type AdminCampaign,
  type OrderDay,
  type StaffCampaignAction,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CampaignStatusBadge } from '../../../components/campaign-figures';
import { ReviewGuarantee } from '../../../components/review-guarantee';
import { deliveredText, progressPercent, statusChangeTitle } from '../../../lib/campaign-look';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { errorText, translateMessage } from '../../../lib/messages';
import {
  userOrderHistoryQueryOptions,
  userOrderProgressQueryOptions,
  userOrderQueryOptions,
} from '../api/admin-campaigns';
import { OrderEditors } from './order-editors';
import { OrderReviews } from './order-reviews';
import { OrderVendorCalls } from './order-vendor-calls';
import { actionColor, actionLabel } from './staff-actions';
import { useCan, useSession } from '../../../lib/session';
import { Figure } from '../../../components/figure';
import { GoogleAdsState } from './google-ads-state';

/** What the per-day chart is given: planned and delivered installs per campaign day. */
export interface ChartProps {
  rows: readonly OrderDay[];
  labels: { day: string; planned: string; delivered: string };
}

/** What a campaign cost us at its vendors, and our margin: admins only (the server sends them to no one else). */
function CostAndMargin({ campaign }: { campaign: AdminCampaign }) {
  const { t } = useTranslation('admin');
  const loss = campaign.margin?.startsWith('-') ?? false;
  return (
    <>
      <Figure label={t('details.vendorCost')}>
        <Text ff="monospace" size="sm" data-testid="order-details-cost">
          {campaign.vendor_cost === null ? '—' : formatMoney(campaign.vendor_cost)}
        </Text>
      </Figure>
      <Figure label={t('details.margin')}>
        <Text ff="monospace" size="sm" c={loss ? 'red' : undefined} data-testid="order-details-margin">
          {campaign.margin === null ? '—' : formatMoney(campaign.margin)}
          {loss && ` (${t('details.loss')})`}
        </Text>
      </Figure>
    </>
  );
}

/**
 * The details drawer of a user order: summary and the actions its status allows (approve first for a
 * moderated campaign, with its reviews), per-day progress, orders, status history, the partner, notes
 * and vendor editors, and the thread with the customer; for admins, what the vendors cost, the margin and
 * every call made to the vendors for it.
 */
export function OrderDetails({
  id,
  onClose,
  onAction,
  Chart,
  Thread,
}: {
  id: number | null;
  onClose: () => void;
  onAction: (campaign: AdminCampaign, action: StaffCampaignAction) => void;
  Chart: ComponentType<ChartProps>;
  /** The campaign's message thread with its customer (the notices feature's, composed by the route). */
  Thread?: ComponentType<{ campaignId: number }>;
}) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('campaigns');
  const { t: ta } = useTranslation('app');
  const { permissions } = useSession();
  // Vendors' names, costs and calls are the vendors module's (admins): a customer never sees them.
  const seesVendors = useCan('vendors');
  const open = id !== null;
  const details = useQuery({ ...userOrderQueryOptions(id ?? 0), enabled: open });
  const progress = useQuery({ ...userOrderProgressQueryOptions(id ?? 0), enabled: open });
  const history = useQuery({ ...userOrderHistoryQueryOptions(id ?? 0), enabled: open });
  const campaign = details.data;

  return (
    <Drawer
      opened={open}
      onClose={onClose}
      position="right"
      size="xl"
      title={open ? t('details.title', { id }) : ''}
      data-testid="order-details"
    >
      {details.error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {errorText(details.error)}
        </Alert>
      )}
      {!campaign && !details.error && <Loader />}
      {campaign && (
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {campaign.app?.title ?? campaign.package}
              </Text>
              <Text size="xs" c="dimmed">
                {campaign.package} ·{' '}
                {campaign.appstore === 2 ? ta('stores.appStore') : ta('stores.googlePlay')} ·{' '}
                {campaign.country.code.toUpperCase()} ·{' '}
                {tc(`types.${campaign.type}` as 'types.1', { defaultValue: String(campaign.type) })}
              </Text>
            </div>
            <CampaignStatusBadge status={campaign.status} testId="order-details-status" />
          </Group>

          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
            <Figure label={t('details.owner')}>{campaign.user.email}</Figure>
            <Figure label={t('userOrders.columns.price')}>
              <Text ff="monospace" size="sm">
                {formatMoney(campaign.price)}
              </Text>
            </Figure>
            <Figure label={t('userOrders.columns.installs')}>
              <Text ff="monospace" size="sm" data-testid="order-details-installs">
                {deliveredText(campaign)}
              </Text>
            </Figure>
            <Figure label={t('details.days')}>{campaign.days}</Figure>
            <Figure label={t('userOrders.columns.created')}>{formatDateTime(campaign.created_at)}</Figure>
            <Figure label={t('details.started')}>{formatDateTime(campaign.started_at) || '—'}</Figure>
            <Figure label={t('userOrders.columns.vendor')}>{campaign.vendor}</Figure>
            <Figure label={t('userOrders.columns.partner')}>{campaign.partner ?? '—'}</Figure>
            {seesVendors && <CostAndMargin campaign={campaign} />}
          </SimpleGrid>
          <Progress value={progressPercent(campaign)} aria-label={tc('details.delivered')} />

          {campaign.status === 'moderation' && (
            <Alert color="blue" title={t('details.moderationTitle')}>
              {campaign.moderation_until
                ? t('details.moderationUntil', { time: formatDateTime(campaign.moderation_until) })
                : t('details.moderationText')}
            </Alert>
          )}
          {campaign.guarantee_until && (
            <ReviewGuarantee
              until={campaign.guarantee_until}
              guarantee={campaign.guarantee}
              testId="order-details-guarantee"
            />
          )}
          {allowedStaffActions(campaign.status, permissions).length > 0 && (
            <Group gap="xs" data-testid="order-details-actions">
              {allowedStaffActions(campaign.status, permissions).map((action) => (
                <Button
                  key={action}
                  size="xs"
                  variant={action === 'start' ? 'filled' : 'light'}
                  color={actionColor(action)}
                  onClick={() => onAction(campaign, action)}
                >
                  {t(`actions.${actionLabel(action, campaign.status)}`)}
                </Button>
              ))}
            </Group>
          )}

          {campaign.reviews && campaign.reviews.length > 0 && <OrderReviews reviews={campaign.reviews} />}
          {campaign.google_ads && <GoogleAdsState ads={campaign.google_ads} />}

          <Divider />
          <Title order={4}>{t('details.perDay')}</Title>
          {progress.error && <Text c="red">{errorText(progress.error)}</Text>}
          {!progress.data && !progress.error && <Loader size="sm" />}
          {progress.data &&
            (progress.data.days.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('details.noDays')}
              </Text>
            ) : (
              <Suspense fallback={<Loader size="sm" />}>
                <Chart
                  rows={progress.data.days}
                  labels={{
                    day: t('details.day'),
                    planned: t('details.planned'),
                    delivered: t('details.delivered'),
                  }}
                />
              </Suspense>
            ))}
          {progress.data && progress.data.orders.length > 1 && (
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('details.order')}</Table.Th>
                  <Table.Th ta="right">{t('userOrders.columns.installs')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {progress.data.orders.map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>{order.keyword ?? `#${order.id}`}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {deliveredText(order)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}

          {seesVendors && campaign.type !== PRODUCT_TYPES.cpi && (
            <>
              <Divider />
              <OrderVendorCalls key={campaign.id} campaignId={campaign.id} />
            </>
          )}

          <Divider />
          <OrderEditors key={campaign.id} campaign={campaign} />

          {Thread && (
            <>
              <Divider />
              <Thread key={campaign.id} campaignId={campaign.id} />
            </>
          )}

          <Divider />
          <Title order={4}>{t('details.history')}</Title>
          {history.error && <Text c="red">{errorText(history.error)}</Text>}
          {!history.data && !history.error && <Loader size="sm" />}
          {history.data && (
            <Timeline bulletSize={14} lineWidth={2} data-testid="order-details-history">
              {[...history.data].reverse().map((change, index) => (
                <Timeline.Item
                  key={`${change.at}-${index}`}
                  title={statusChangeTitle(change, (status) => tc(`status.${status}`))}
                >
                  <Text size="xs" c="dimmed">
                    {formatDateTime(change.at)} ·{' '}
                    {change.actor_id === null
                      ? t('details.system')
                      : change.actor_id === campaign.user.id
                        ? t('details.customer')
                        : t('details.staff', { id: change.actor_id })}
                  </Text>
                  {change.reason && <Text size="sm">{translateMessage(change.reason)}</Text>}
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
