import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import type { OrderDay } from '@storelift/shared';

/** Planned vs delivered installs per day; loaded with the charts library only when details open. */
export function CampaignChart({
  rows,
  labels,
}: {
  rows: readonly OrderDay[];
  labels: { day: string; planned: string; delivered: string };
}) {
  return (
    <BarChart
      h={260}
      data={rows.map((row) => ({ ...row, label: `${labels.day} ${row.day}` }))}
      dataKey="label"
      series={[
        { name: 'installs_total', label: labels.planned, color: 'gray.4' },
        { name: 'installs_actual', label: labels.delivered, color: 'teal.6' },
      ]}
      withLegend
      data-testid="campaign-chart"
    />
  );
}
