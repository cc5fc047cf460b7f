import type { ReactNode } from 'react';
import { Card, EmptyState, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import type { StatisticsFigures } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';

/** "No reports" (customer-area §8 empty states) with a hint to widen the period. */
export function NoReports() {
  const { t } = useTranslation('statistics');
  return (
    <EmptyState
      variant="light"
      icon={<IconChartBar size={28} stroke={1.5} />}
      title={t('empty')}
      description={t('emptyHint')}
      py="lg"
      data-testid="statistics-empty"
    />
  );
}

/** A titled card around a chart or table. */
export function Section({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text fw={600}>{title}</Text>
          {actions}
        </Group>
        {children}
      </Stack>
    </Card>
  );
}

/** The period's totals: delivered, planned, spent and the share delivered. */
export function Totals({ total }: { total: StatisticsFigures }) {
  const { t } = useTranslation('statistics');
  const completion = total.planned ? (total.delivered / total.planned) * 100 : 0;
  const items = [
    { key: 'delivered', value: formatNumber(total.delivered) },
    { key: 'planned', value: formatNumber(total.planned) },
    { key: 'spend', value: formatMoney(total.spend) },
    { key: 'completion', value: `${formatNumber(completion, 1)} %` },
  ] as const;
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md" data-testid="statistics-totals">
      {items.map((item) => (
        <Paper key={item.key} withBorder radius="lg" p="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
            {t(`totals.${item.key}`)}
          </Text>
          <Text fz={24} fw={700} ff="monospace" mt={4}>
            {item.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** What a chart's place shows while its code or data loads. */
export function ChartPlaceholder({ height = 300 }: { height?: number }) {
  return <Skeleton height={height} radius="md" />;
}

/** Figures columns shared by the tables: delivered, planned and spent, right-aligned. */
export function useFigureColumns<T extends StatisticsFigures>(sortable: boolean) {
  const { t } = useTranslation('statistics');
  return [
    {
      accessor: 'delivered',
      title: t('columns.delivered'),
      sortable,
      textAlign: 'right' as const,
      render: (row: T) => (
        <Text size="sm" ff="monospace">
          {formatNumber(row.delivered)}
        </Text>
      ),
    },
    {
      accessor: 'planned',
      title: t('columns.planned'),
      sortable,
      textAlign: 'right' as const,
      render: (row: T) => (
        <Text size="sm" ff="monospace" c="dimmed">
          {formatNumber(row.planned)}
        </Text>
      ),
    },
    {
      accessor: 'spend',
      title: t('columns.spend'),
      sortable,
      textAlign: 'right' as const,
      render: (row: T) => (
        <Text size="sm" ff="monospace" fw={600}>
          {formatMoney(row.spend)}
        </Text>
      ),
    },
  ];
}
