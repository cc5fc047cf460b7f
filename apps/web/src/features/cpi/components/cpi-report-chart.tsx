import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { CpiReport } from '@storelift/shared';

/**
 * Installs and spend per day (two axes); loaded with the charts library only when a CPI campaign opens. The
 * bars' heights need numbers: the decimal texts are read as numbers for drawing only (the tables show the texts).
 */
export function CpiReportChart({
  days,
  labels,
}: {
  days: CpiReport['days'];
  labels: { installs: string; spend: string };
}) {
  const data = days.map((day) => ({
    date: day.date.slice(5),
    installs: Number(day.installs),
    spend: Number(day.spend),
  }));
  return (
    <BarChart
      h={240}
      data={data}
      dataKey="date"
      withRightYAxis
      series={[
        { name: 'installs', label: labels.installs, color: 'teal.6' },
        { name: 'spend', label: labels.spend, color: 'indigo.5', yAxisId: 'right' },
      ]}
      withLegend
      data-testid="cpi-report-chart"
    />
  );
}
