import { lazy, Suspense, type ReactNode } from 'react';
import {
  Alert,
  Button,
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
  Tooltip,
} from '@mantine/core';
import { IconAlertTriangle, IconHourglass, IconPencil } from '@tabler/icons-react';
import {
  CAMPAIGN_MESSAGES,
  PRODUCT_TYPES,
  REVIEW_GUARANTEE,
  sumByDay,
  type Campaign,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CampaignStatusBadge } from '../../../components/campaign-figures';
import { deliveredText, progressPercent, statusChangeTitle } from '../../../lib/campaign-look';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { errorText, translateMessage } from '../../../lib/messages';
import { campaignDetailsQueryOptions } from '../api/campaigns';
import { editState } from './campaign-logic';
import { ReviewCard } from './reviews/review-card';
import { ReviewGuarantee } from '../../../components/review-guarantee';
import { CampaignImpactReport } from './campaign-impact';

const CampaignChart = lazy(() => import('./campaign-chart').then((m) => ({ default: m.CampaignChart })));

/**
 * The details drawer: summary, edit (drafts and delayed), moderation and guarantee times of guaranteed
 * reviews, per-day planned vs delivered chart (a CPI campaign: its report), orders (impressions merged), review
 * texts, a keyword-installs campaign's impact on the ranks and status history.
 */
export function CampaignDetails({
  id,
  onClose,
  onEdit,
  thread,
  cpiReport,
}: {
  id: number | null;
  onClose: () => void;
  onEdit: (campaign: Campaign) => void;
  /** The campaign's message thread, shown last (composed by the page). */
  thread?: (campaignId: number) => ReactNode;
  /** A CPI campaign's report (the cpi feature's, composed by the page), shown instead of the installs chart. */
  cpiReport?: (campaign: Campaign) => ReactNode;
}) {
  const { t } = useTranslation('campaigns');
  const details = useQuery({ ...campaignDetailsQueryOptions(id ?? 0), enabled: id !== null });
  const campaign = details.data;
  // The server merges impressions orders into one (`mergeImpressions`).
  const orders = campaign?.orders ?? [];
  const edit = campaign && editState(campaign);
  return (
    <Drawer
      opened={id !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={id !== null ? t('details.title', { id }) : ''}
      data-testid="campaign-details"
    >
      {details.error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          {errorText(details.error)}
        </Alert>
      )}
      {!campaign && !details.error && <Loader />}
      {campaign && (
        <Stack gap="lg">
          <Group justify="space-between">
            <div>
              <Text fw={600}>{campaign.app?.title ?? campaign.package}</Text>
              <Text size="xs" c="dimmed">
                {campaign.package} · {campaign.country.code.toUpperCase()} ·{' '}
                {t(`types.${campaign.type}` as 'types.1')}
              </Text>
            </div>
            <Group gap="sm">
              {edit === 'editable' && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconPencil size={14} />}
                  onClick={() => onEdit(campaign)}
                  data-testid="details-edit"
                >
                  {t('actions.edit')}
                </Button>
              )}
              {edit === 'legacy' && (
                <Tooltip label={translateMessage(CAMPAIGN_MESSAGES.campaignLegacy)}>
                  <Button size="xs" variant="light" leftSection={<IconPencil size={14} />} disabled>
                    {t('actions.edit')}
                  </Button>
                </Tooltip>
              )}
              <CampaignStatusBadge status={campaign.status} testId="details-status" />
            </Group>
          </Group>
          {campaign.status === 'moderation' && (
            <Alert color="blue" icon={<IconHourglass size={18} />} data-testid="details-moderation">
              {campaign.moderation_until
                ? t('details.moderationUntil', {
                    time: formatDateTime(campaign.moderation_until),
                    from: REVIEW_GUARANTEE.moderationHoursMin,
                    to: REVIEW_GUARANTEE.moderationHoursMax,
                  })
                : t('details.moderation', {
                    from: REVIEW_GUARANTEE.moderationHoursMin,
                    to: REVIEW_GUARANTEE.moderationHoursMax,
                  })}
            </Alert>
          )}
          {campaign.guarantee_until && (
            <ReviewGuarantee
              until={campaign.guarantee_until}
              guarantee={campaign.guarantee}
              testId="details-guarantee"
            />
          )}
          <Group gap="xl">
            <div>
              <Text size="xs" c="dimmed">
                {t('columns.price')}
              </Text>
              <Text ff="monospace">{formatMoney(campaign.price)}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('columns.installs')}
              </Text>
              <Text ff="monospace" data-testid="details-installs">
                {deliveredText(campaign)}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('columns.days')}
              </Text>
              <Text>{campaign.days}</Text>
            </div>
          </Group>
          <Progress value={progressPercent(campaign)} aria-label={t('details.delivered')} />

          {campaign.type === PRODUCT_TYPES.cpi && cpiReport ? (
            cpiReport(campaign)
          ) : (
            <>
              <Title order={4}>{t('details.perDay')}</Title>
              <Suspense fallback={<Loader size="sm" />}>
                <CampaignChart
                  rows={sumByDay(orders)}
                  labels={{
                    day: t('details.day'),
                    planned: t('details.planned'),
                    delivered: t('details.delivered'),
                  }}
                />
              </Suspense>

              {(campaign.keywords.length > 0 || campaign.type === PRODUCT_TYPES.impressions) && (
                <Table striped withTableBorder>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('details.keyword')}</Table.Th>
                      <Table.Th ta="right">{t('columns.installs')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {orders.map((order) => (
                      <Table.Tr key={order.id}>
                        <Table.Td>
                          {order.keyword ??
                            (order.type === PRODUCT_TYPES.impressions
                              ? t('details.allKeywords', { keywords: campaign.keywords.join(', ') })
                              : '—')}
                        </Table.Td>
                        <Table.Td ta="right" ff="monospace">
                          {deliveredText(order)}
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              {campaign.type === PRODUCT_TYPES.keyword && campaign.started_at && (
                <CampaignImpactReport campaignId={campaign.id} />
              )}
            </>
          )}

          {campaign.reviews && campaign.reviews.length > 0 && (
            <>
              <Title order={4}>{t('details.reviews', { count: campaign.reviews.length })}</Title>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" data-testid="details-reviews">
                {campaign.reviews.map((review, index) => (
                  <ReviewCard key={index} review={review} />
                ))}
              </SimpleGrid>
            </>
          )}

          <Title order={4}>{t('details.history')}</Title>
          <Timeline bulletSize={14} lineWidth={2} data-testid="details-history">
            {(campaign.status_history ?? []).map((change, index) => (
              <Timeline.Item
                key={`${change.at}-${index}`}
                title={statusChangeTitle(change, (status) => t(`status.${status}`))}
              >
                <Text size="xs" c="dimmed">
                  {formatDateTime(change.at)} ·{' '}
                  {change.by_support
                    ? t('details.bySupport')
                    : change.actor_id === null
                      ? t('details.system')
                      : t('details.you')}
                  {change.reason ? ` · ${change.reason}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
          {thread && (
            <>
              <Title order={4}>{t('details.messages')}</Title>
              {thread(campaign.id)}
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
