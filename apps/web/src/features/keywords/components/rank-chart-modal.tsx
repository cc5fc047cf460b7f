import { lazy, Suspense, useState } from 'react';
import { Alert, Center, Group, Loader, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconChartLine } from '@tabler/icons-react';
import { CHART_PERIODS } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/messages';
import type { ChartCampaign } from '@storelift/shared';
import { chartRankQueryOptions, chartRanksManyQueryOptions, type ChartPeriod } from '../api/keywords';
import { CHART_MAX_KEYWORDS, chartedIds, type RankSeries } from './rank';

// The charts library (recharts) loads with the first chart, not with the Keywords page.
const RankChart = lazy(() => import('./rank-chart').then((m) => ({ default: m.RankChart })));
const RanksAround = lazy(() => import('./ranks-around').then((m) => ({ default: m.RanksAround })));

/** What a chart shows: one keyword (a row) or several (the selection). */
export type ChartRequest =
  { kind: 'one'; id: number; keyword: string } | { kind: 'many'; ids: readonly number[] };

function useRankSeries(request: ChartRequest | null, period: ChartPeriod) {
  const one = request?.kind === 'one' ? request : undefined;
  const ids = request?.kind === 'many' ? chartedIds(request.ids) : [];
  const single = useQuery({ ...chartRankQueryOptions(one?.id ?? 0, period), enabled: one !== undefined });
  const many = useQuery({ ...chartRanksManyQueryOptions(ids, period), enabled: ids.length > 0 });
  if (one) {
    const series: RankSeries[] | undefined = single.data && [
      { id: one.id, keyword: one.keyword, data: single.data.data },
    ];
    const campaigns: ChartCampaign[] = single.data?.campaigns ?? [];
    return {
      series,
      campaigns,
      isPending: single.isPending,
      isFetching: single.isFetching,
      error: single.error,
    };
  }
  return {
    series: many.data?.data,
    campaigns: many.data?.data.flatMap((line) => line.campaigns) ?? [],
    isPending: many.isPending,
    isFetching: many.isFetching,
    error: many.error,
  };
}

/** Rank history of one keyword (chartRank) or several (chartRanksMany), by week, month or 3 months. */
export function RankChartModal({ request, onClose }: { request: ChartRequest | null; onClose: () => void }) {
  const { t } = useTranslation('app');
  const narrow = useMediaQuery('(max-width: 36em)');
  const [period, setPeriod] = useState<ChartPeriod>('month');
  const { series, campaigns, isPending, isFetching, error } = useRankSeries(request, period);
  const title =
    request?.kind === 'one'
      ? t('keywords.chart.titleOne', { keyword: request.keyword })
      : t('keywords.chart.titleMany');
  const ranked = series?.some((line) => line.data.some((point) => point.state === 'ok'));

  return (
    <Modal
      opened={request !== null}
      onClose={onClose}
      title={
        <Group gap="xs" wrap="nowrap">
          <IconChartLine size={20} stroke={1.6} />
          <Text fw={700} lineClamp={1}>
            {title}
          </Text>
        </Group>
      }
      size="xl"
      fullScreen={narrow}
      centered
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <SegmentedControl
            aria-label={t('keywords.chart.period')}
            value={period}
            onChange={(value) => setPeriod(value as ChartPeriod)}
            data={[...CHART_PERIODS]
              .reverse()
              .map((value) => ({ value, label: t(`keywords.periods.${value}`) }))}
          />
          {isFetching && <Loader role="status" size="sm" aria-label={t('keywords.chart.loading')} />}
        </Group>
        {request?.kind === 'many' && request.ids.length > CHART_MAX_KEYWORDS && (
          <Text size="sm" c="dimmed">
            {t('keywords.chart.limit', { max: CHART_MAX_KEYWORDS })}
          </Text>
        )}
        {error ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
            {errorText(error)}
          </Alert>
        ) : isPending || !series ? (
          <Center h={320}>
            <Loader />
          </Center>
        ) : (
          <>
            <Suspense
              fallback={
                <Center h={320}>
                  <Loader />
                </Center>
              }
            >
              <RankChart series={series} campaigns={campaigns} />
            </Suspense>
            {!ranked && (
              <Text size="sm" c="dimmed" ta="center">
                {t('keywords.chart.empty')}
              </Text>
            )}
            {campaigns.length > 0 && (
              <Text size="sm" c="dimmed" data-testid="rank-chart-campaigns">
                {t('keywords.chart.campaignsNote', { count: new Set(campaigns.map((c) => c.id)).size })}
              </Text>
            )}
            {request?.kind === 'one' && (
              <Suspense fallback={null}>
                <RanksAround id={request.id} period={period} />
              </Suspense>
            )}
          </>
        )}
      </Stack>
    </Modal>
  );
}
