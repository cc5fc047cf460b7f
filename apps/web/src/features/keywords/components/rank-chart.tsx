import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { fullDay, rankAxis, seriesKey, shortDay, toChartRows, worstRank, type RankSeries } from './rank';

/** Line colours of the keywords compared in one chart. */
const COLORS = [
  'indigo.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'red.6',
  'lime.7',
  'pink.6',
  'blue.6',
  'yellow.7',
];

/**
 * Daily ranks of one or more keywords: the Y axis is reversed (rank 1, the best, on top) and days
 * without a rank are gaps. Loaded on demand with the charts library, only when a chart is opened.
 */
export function RankChart({ series, rankLabel }: { series: readonly RankSeries[]; rankLabel: string }) {
  const rows = toChartRows(series);
  const keys = series.map((line) => seriesKey(line.id));
  const { bottom, ticks } = rankAxis(worstRank(rows, keys));
  return (
    <LineChart
      h={series.length > 1 ? 400 : 320}
      data={rows}
      dataKey="date"
      series={series.map((line, index) => ({
        name: seriesKey(line.id),
        label: line.keyword,
        color: COLORS[index % COLORS.length],
      }))}
      curveType="linear"
      connectNulls={false}
      withDots={rows.length <= 31}
      withLegend={series.length > 1}
      legendProps={{ verticalAlign: 'bottom', height: 72, wrapperStyle: { paddingTop: 12 } }}
      gridAxis="xy"
      yAxisLabel={rankLabel}
      yAxisProps={{
        reversed: true,
        domain: [1, bottom],
        ticks,
        interval: 0,
        allowDecimals: false,
        width: 40,
      }}
      xAxisProps={{ tickFormatter: (value: string) => shortDay(value), minTickGap: 16 }}
      tooltipProps={{ labelFormatter: (label) => fullDay(String(label)) }}
      data-testid="rank-chart"
    />
  );
}
