import type { ReactNode } from 'react';
import {
  Anchor,
  Avatar,
  Box,
  Button,
  Card,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconCreditCard, IconPlus, IconRocket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { WIDGET_RUNNING_LIMIT, type Campaign, type CampaignsWidget as Widget } from '@storelift/shared';
import { CampaignStatusBadge, InstallsProgress } from '../../../components/campaign-figures';
import { statusColor } from '../../../lib/campaign-look';
import { formatMoney, formatNumber } from '../../../lib/format';
import { ListError } from '../../../components/paged-table';
import { campaignsWidgetQueryOptions } from '../api/widgets';
import { countCards, hasCampaigns, runningCount, type CountCard } from './campaign-counts';
import classes from './campaigns-widget.module.css';

/** The colour of a stat card: the look of the statuses it counts. */
const CARD_COLOR: Record<CountCard['key'], string> = {
  all: 'indigo',
  active: statusColor('active'),
  paused: statusColor('pause'),
  review: statusColor('moderation'),
  completed: statusColor('completed'),
};

/**
 * The dashboard's campaigns widget (customer-area §2 Dashboard, `GET widgets/campaigns`): counts linking to
 * their tab of My campaigns, what the last 30 days cost, the newest running campaigns with their delivery,
 * and the actions to order or top up.
 */
export function CampaignsWidget() {
  const { t } = useTranslation('app');
  // Status and product names live with the campaign pages; wait for them rather than show keys.
  const { ready } = useTranslation('campaigns');
  const widget = useQuery(campaignsWidgetQueryOptions());

  let body: ReactNode;
  if (widget.isError && !widget.data) {
    body = (
      <ListError
        error={widget.error}
        title={t('dashboard.campaigns.loadError')}
        onRetry={() => void widget.refetch()}
        testId="dashboard-campaigns-error"
      />
    );
  } else if (!widget.data || !ready) {
    body = <WidgetSkeleton />;
  } else if (!hasCampaigns(widget.data.counts)) {
    body = <NoCampaigns />;
  } else {
    body = <WidgetFigures data={widget.data} />;
  }

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="dashboard-campaigns" aria-busy={widget.isPending}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="md">
        <Text fw={700} size="lg" component="h2" m={0}>
          {t('dashboard.campaigns.title')}
        </Text>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconCreditCard size={16} />}
            renderRoot={(props) => <Link {...props} to="/top-up-balance" />}
          >
            {t('dashboard.campaigns.topUp')}
          </Button>
          <Button
            leftSection={<IconPlus size={16} />}
            renderRoot={(props) => <Link {...props} to="/add-campaigns" />}
            data-testid="dashboard-add-campaign"
          >
            {t('dashboard.campaigns.add')}
          </Button>
        </Group>
      </Group>
      {body}
    </Card>
  );
}

function WidgetFigures({ data }: { data: Widget }) {
  const { t } = useTranslation('app');
  const { counts, running, spent } = data;
  const runningTotal = runningCount(counts);
  return (
    <Stack gap="lg">
      {/* Five in a row on a wide screen; below that, all campaigns over two rows of two. */}
      <Grid columns={10} gap="sm">
        {countCards(counts).map((card) => (
          <Grid.Col key={card.key} span={{ base: card.key === 'all' ? 10 : 5, lg: 2 }}>
            <CountLink card={card} />
          </Grid.Col>
        ))}
      </Grid>

      <Group gap="xs" wrap="wrap">
        <Text size="sm" c="dimmed">
          {t('dashboard.campaigns.spent')}:
        </Text>
        <Text size="sm" fw={700} ff="monospace" data-testid="dashboard-spent">
          {formatMoney(spent)}
        </Text>
      </Group>

      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} component="h3" m={0} size="md">
            {t('dashboard.campaigns.running')}
          </Text>
          {runningTotal > running.length && (
            <Text size="xs" c="dimmed">
              {t('dashboard.campaigns.runningOf', { shown: running.length, total: runningTotal })}
            </Text>
          )}
        </Group>
        {running.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="dashboard-running-none">
            {t('dashboard.campaigns.runningNone')}
          </Text>
        ) : (
          <Stack gap="xs" data-testid="dashboard-running">
            {running.map((campaign) => (
              <RunningCampaign key={campaign.id} campaign={campaign} />
            ))}
          </Stack>
        )}
        <Anchor
          size="sm"
          renderRoot={(props) => <Link {...props} to="/campaigns" />}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('dashboard.campaigns.viewAll')}
        </Anchor>
      </Stack>
    </Stack>
  );
}

/** A count as a card that opens its status tab of My campaigns. */
function CountLink({ card }: { card: CountCard }) {
  const { t } = useTranslation('app');
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      h="100%"
      className={classes.count}
      renderRoot={(props) => <Link {...props} to="/campaigns" search={{ status: card.tab }} />}
      data-testid={`dashboard-count-${card.key}`}
    >
      <Group gap={6} wrap="nowrap">
        <Box w={8} h={8} bg={`${CARD_COLOR[card.key]}.6`} style={{ borderRadius: '50%', flex: 'none' }} />
        <Text size="xs" c="dimmed" fw={600} tt="uppercase" truncate>
          {t(`dashboard.campaigns.counts.${card.key}`)}
        </Text>
      </Group>
      <Text fz={28} fw={700} lh={1.2} mt={4}>
        {formatNumber(card.count)}
      </Text>
      {card.key === 'review' && (
        <Text size="xs" c="dimmed" lineClamp={2}>
          {t('dashboard.campaigns.counts.reviewHint')}
        </Text>
      )}
    </Paper>
  );
}

/** A running campaign: its app, product and country, status and delivered / ordered installs. */
function RunningCampaign({ campaign }: { campaign: Campaign }) {
  const { t } = useTranslation('campaigns');
  const title = campaign.app?.title ?? campaign.package;
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`dashboard-running-${campaign.id}`}>
      <Group justify="space-between" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 220px', minWidth: 0 }}>
          <Avatar src={campaign.app?.icon} alt="" radius="md" size={40}>
            {title.slice(0, 1).toUpperCase()}
          </Avatar>
          <Box style={{ minWidth: 0 }}>
            <Anchor
              size="sm"
              fw={600}
              c="var(--mantine-color-text)"
              display="block"
              truncate
              renderRoot={(props) => (
                <Link {...props} to="/campaigns" search={{ search: String(campaign.id) }} />
              )}
            >
              {title}
            </Anchor>
            <Text size="xs" c="dimmed" truncate>
              #{campaign.id} · {t(`types.${campaign.type}` as 'types.1')} ·{' '}
              {campaign.country.code.toUpperCase()}
            </Text>
          </Box>
        </Group>
        <Group gap="md" wrap="nowrap" justify="flex-end" style={{ flex: '0 1 auto' }}>
          <CampaignStatusBadge status={campaign.status} testId={`dashboard-running-status-${campaign.id}`} />
          <Box w={140}>
            <InstallsProgress campaign={campaign} testId={`dashboard-running-installs-${campaign.id}`} />
          </Box>
        </Group>
      </Group>
    </Paper>
  );
}

function NoCampaigns() {
  const { t } = useTranslation('app');
  return (
    <Stack align="center" ta="center" gap="xs" py="lg" data-testid="dashboard-campaigns-empty">
      <ThemeIcon variant="light" size={56} radius="xl" color="gray">
        <IconRocket size={28} stroke={1.5} />
      </ThemeIcon>
      <Text fw={700} size="lg">
        {t('dashboard.noCampaigns')}
      </Text>
      <Text c="dimmed" size="sm" maw={460}>
        {t('dashboard.noCampaignsText')}
      </Text>
    </Stack>
  );
}

function WidgetSkeleton() {
  return (
    <Stack gap="lg" data-testid="dashboard-campaigns-loading">
      <Grid columns={10} gap="sm">
        {Array.from({ length: 5 }, (_, index) => (
          <Grid.Col key={index} span={{ base: index === 0 ? 10 : 5, lg: 2 }}>
            <Skeleton h={84} radius="md" />
          </Grid.Col>
        ))}
      </Grid>
      <Skeleton h={14} w={220} radius="sm" />
      <Stack gap="xs">
        {Array.from({ length: Math.min(3, WIDGET_RUNNING_LIMIT) }, (_, index) => (
          <Skeleton key={index} h={62} radius="md" />
        ))}
      </Stack>
    </Stack>
  );
}
