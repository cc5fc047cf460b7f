import { lazy, Suspense } from 'react';
import {
  Alert,
  Badge,
  Drawer,
  Group,
  Loader,
  Progress,
  Stack,
  Table,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { errorText } from '../../../lib/messages';
import { campaignDetailsQueryOptions } from '../api/campaigns';
import { dailyProgress, progressPercent, statusColor } from './campaign-logic';

const CampaignChart = lazy(() => import('./campaign-chart').then((m) => ({ default: m.CampaignChart })));

/** The details drawer: summary, per-day planned vs delivered chart, orders and status history. */
export function CampaignDetails({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('campaigns');
  const details = useQuery({ ...campaignDetailsQueryOptions(id ?? 0), enabled: id !== null });
  const campaign = details.data;
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
            <Badge color={statusColor(campaign.status)} variant="light" data-testid="details-status">
              {t(`status.${campaign.status}`)}
            </Badge>
          </Group>
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
                {formatNumber(campaign.installs_actual)} / {formatNumber(campaign.installs_total)}
              </Text>
            </div>
            <div>
              <Text size="xs" c="dimmed">
                {t('columns.days')}
              </Text>
              <Text>{campaign.days}</Text>
            </div>
          </Group>
          <Progress value={progressPercent(campaign)} />

          <Title order={4}>{t('details.perDay')}</Title>
          <Suspense fallback={<Loader size="sm" />}>
            <CampaignChart
              rows={dailyProgress(campaign.orders ?? [])}
              labels={{
                day: t('details.day'),
                planned: t('details.planned'),
                delivered: t('details.delivered'),
              }}
            />
          </Suspense>

          {campaign.keywords.length > 0 && (
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('details.keyword')}</Table.Th>
                  <Table.Th ta="right">{t('columns.installs')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(campaign.orders ?? []).map((order) => (
                  <Table.Tr key={order.id}>
                    <Table.Td>{order.keyword ?? '—'}</Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {formatNumber(order.installs_actual)} / {formatNumber(order.installs_total)}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}

          <Title order={4}>{t('details.history')}</Title>
          <Timeline bulletSize={14} lineWidth={2} data-testid="details-history">
            {(campaign.status_history ?? []).map((change, index) => (
              <Timeline.Item
                key={`${change.at}-${index}`}
                title={
                  change.from
                    ? `${t(`status.${change.from}`)} → ${t(`status.${change.to}`)}`
                    : t(`status.${change.to}`)
                }
              >
                <Text size="xs" c="dimmed">
                  {formatDateTime(change.at)} ·{' '}
                  {change.actor_id === null ? t('details.system') : t('details.you')}
                  {change.reason ? ` · ${change.reason}` : ''}
                </Text>
              </Timeline.Item>
            ))}
          </Timeline>
        </Stack>
      )}
    </Drawer>
  );
}
