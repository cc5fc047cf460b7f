import '@mantine/charts/styles.css';
import { CompositeChart } from '@mantine/charts';
import { ColorSwatch, Group, Paper, Stack, Text } from '@mantine/core';
import type { ChartCampaign } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import {
  annotateRows,
  fullDay,
  rankAxis,
  seriesColor,
  seriesColorVar,
  seriesKey,
  shortDay,
  toChartRows,
  uniqueCampaigns,
  worstRank,
  type AnnotatedRow,
  type RankSeries,
} from './rank';

/** The colour of campaign periods and delivered installs. */
const CAMPAIGN_COLOR = 'yellow.6';

/** The tooltip of a day: each keyword's rank, the installs delivered and the campaigns running. */
function DayTooltip({ row, series }: { row: AnnotatedRow | undefined; series: readonly RankSeries[] }) {
  const { t } = useTranslation('app');
  if (!row) return null;
  return (
    <Paper withBorder shadow="md" p="xs" radius="md" data-testid="rank-chart-tooltip">
      <Stack gap={4}>
        <Text size="sm" fw={700}>
          {fullDay(row.date)}
        </Text>
        {series.map((line, index) => {
          const rank = row[seriesKey(line.id)];
          return (
            <Group key={line.id} gap={6} wrap="nowrap">
              <ColorSwatch color={seriesColorVar(index)} size={10} />
              <Text size="sm">
                {line.keyword}: {typeof rank === 'number' ? `#${rank}` : t('keywords.chart.noRank')}
              </Text>
            </Group>
          );
        })}
        {row.installs !== null && (
          <Text size="sm">{t('keywords.chart.installsOf', { installs: formatNumber(row.installs) })}</Text>
        )}
        {row.campaigns && (
          <Text size="sm" c="dimmed">
            {t('keywords.chart.campaignsOf', { campaigns: row.campaigns })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * Daily ranks of one or more keywords, annotated with the keyword-installs campaigns that targeted them:
 * each campaign a shaded period, its delivered installs per day as bars on the right axis. The rank axis
 * is reversed (rank 1, the best, on top) and scales to the worst rank shown; days without a rank are gaps.
 * Loaded on demand with the charts library, only when a chart is opened.
 */
export function RankChart({
  series,
  campaigns,
}: {
  series: readonly RankSeries[];
  campaigns: readonly ChartCampaign[];
}) {
  const { t } = useTranslation('app');
  const rows = annotateRows(toChartRows(series), campaigns);
  const keys = series.map((line) => seriesKey(line.id));
  const { bottom, ticks } = rankAxis(worstRank(rows, keys));
  const first = rows[0]?.date ?? '';
  const last = rows.at(-1)?.date ?? '';
  const periods = uniqueCampaigns(campaigns).filter((c) => c.to >= first && c.from <= last);
  const withInstalls = rows.some((row) => row.installs !== null);
  return (
    <CompositeChart
      h={series.length > 1 ? 400 : 320}
      data={rows}
      dataKey="date"
      series={[
        ...series.map((line, index) => ({
          name: seriesKey(line.id),
          label: line.keyword,
          color: seriesColor(index),
          type: 'line' as const,
        })),
        ...(withInstalls
          ? [
              {
                name: 'installs',
                label: t('keywords.chart.installs'),
                color: CAMPAIGN_COLOR,
                type: 'bar' as const,
                yAxisId: 'right',
              },
            ]
          : []),
      ]}
      curveType="linear"
      connectNulls={false}
      withDots={rows.length <= 31}
      withLegend={series.length > 1 || withInstalls}
      legendProps={{ verticalAlign: 'bottom', height: 72, wrapperStyle: { paddingTop: 12 } }}
      gridAxis="xy"
      maxBarWidth={12}
      yAxisLabel={t('keywords.columns.rank')}
      yAxisProps={{
        reversed: true,
        domain: [1, bottom],
        ticks,
        interval: 0,
        allowDecimals: false,
        width: 40,
      }}
      withRightYAxis={withInstalls}
      rightYAxisLabel={withInstalls ? t('keywords.chart.installs') : undefined}
      rightYAxisProps={{ allowDecimals: false, width: 48 }}
      referenceAreas={periods.map((campaign) => ({
        x1: campaign.from < first ? first : campaign.from,
        x2: campaign.to > last ? last : campaign.to,
        color: CAMPAIGN_COLOR,
        fillOpacity: 0.12,
        label: `#${campaign.id}`,
      }))}
      xAxisProps={{ tickFormatter: (value: string) => shortDay(value), minTickGap: 16 }}
      tooltipProps={{
        content: ({ payload }) => (
          <DayTooltip row={payload?.[0]?.payload as AnnotatedRow | undefined} series={series} />
        ),
      }}
      data-testid="rank-chart"
    />
  );
}
