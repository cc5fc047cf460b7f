import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { formatNumber } from '../../../lib/format';

/** Colours of the product types' series. */
const COLORS: Record<number, string> = {
  1: 'indigo.6',
  2: 'teal.6',
  4: 'orange.6',
  5: 'grape.6',
  6: 'yellow.6',
  7: 'pink.6',
  8: 'cyan.6',
};

/** Delivered installs per day, one series per product type; loaded with the charts library when shown. */
export function DeliveryChart({
  rows,
  series,
  kind,
}: {
  rows: Record<string, string | number>[];
  series: { name: string; label: string; type: number }[];
  kind: 'line' | 'bar';
}) {
  const props = {
    h: 300,
    data: rows,
    dataKey: 'label',
    series: series.map((item) => ({
      name: item.name,
      label: item.label,
      color: COLORS[item.type] ?? 'gray.6',
    })),
    withLegend: true,
    valueFormatter: (value: number) => formatNumber(value),
    'data-testid': 'statistics-date-chart',
  };
  return kind === 'bar' ? (
    <BarChart {...props} type="stacked" />
  ) : (
    <LineChart {...props} curveType="monotone" withDots={rows.length <= 31} />
  );
}

/** The most delivered keywords as horizontal bars. */
export function KeywordsChart({
  rows,
  label,
}: {
  rows: { keyword: string; delivered: number }[];
  label: string;
}) {
  return (
    <BarChart
      h={Math.max(160, rows.length * 34)}
      data={rows}
      dataKey="keyword"
      orientation="vertical"
      yAxisProps={{ width: 140 }}
      series={[{ name: 'delivered', label, color: 'teal.6' }]}
      valueFormatter={(value) => formatNumber(value)}
      data-testid="statistics-keywords-chart"
    />
  );
}
