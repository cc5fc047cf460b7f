import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { DayProgress } from './campaign-logic';

/** Planned vs delivered installs per day; loaded with the charts library only when details open. */
export function CampaignChart({
  rows,
  labels,
}: {
  rows: readonly DayProgress[];
  labels: { day: string; planned: string; delivered: string };
}) {
  return (
    <BarChart
      h={260}
      data={rows.map((row) => ({ ...row, label: `${labels.day} ${row.day}` }))}
      dataKey="label"
      series={[
        { name: 'planned', label: labels.planned, color: 'gray.4' },
        { name: 'delivered', label: labels.delivered, color: 'teal.6' },
      ]}
      withLegend
      data-testid="campaign-chart"
    />
  );
}
