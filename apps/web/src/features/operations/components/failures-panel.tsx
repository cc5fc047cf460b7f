import type { ReactNode } from 'react';
import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import { failuresQueryOptions } from '../api/operations';

/** One kind of failure: its count, then a row of cells per item (or a note when there is none). */
function Section({
  title,
  total,
  empty,
  testId,
  rows,
}: {
  title: string;
  total: number;
  empty: string;
  testId: string;
  rows: { key: number; cells: ReactNode[] }[];
}) {
  return (
    <Card withBorder radius="md" data-testid={testId}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <Title order={3} fz="md">
          {title}
        </Title>
        <Badge variant="light" color={total ? 'red' : 'gray'}>
          {total}
        </Badge>
      </Group>
      {total === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table fz="sm">
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key}>
                {row.cells.map((cell, index) => (
                  <Table.Td key={index}>{cell}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** What went wrong in the last day: payment callbacks and vendor placements, and campaigns waiting for a vendor. */
export function FailuresPanel() {
  const { t } = useTranslation('operations');
  const { data, error } = useQuery(failuresQueryOptions());
  return (
    <Stack gap="sm">
      <Title order={2} fz="lg">
        {t('failures.title')}
      </Title>
      <ListError error={error} />
      {data && (
        <SimpleGrid cols={{ base: 1, lg: 3 }}>
          <Section
            title={t('failures.callbacks')}
            total={data.callbacks.total}
            empty={t('failures.noCallbacks')}
            testId="failures-callbacks"
            rows={data.callbacks.data.map((row) => ({
              key: row.id,
              cells: [formatDateTime(row.created_at), row.status, row.message],
            }))}
          />
          <Section
            title={t('failures.placements')}
            total={data.placements.total}
            empty={t('failures.noPlacements')}
            testId="failures-placements"
            rows={data.placements.data.map((row) => ({
              key: row.id,
              cells: [`#${row.campaign_id}`, row.vendor ?? '—', row.last_error],
            }))}
          />
          <Section
            title={t('failures.waiting')}
            total={data.waiting_campaigns.total}
            empty={t('failures.noWaiting')}
            testId="failures-waiting"
            rows={data.waiting_campaigns.data.map((row) => ({
              key: row.id,
              cells: [
                `#${row.id}`,
                row.user_email,
                t('failures.since', { date: formatDateTime(row.created_at) }),
              ],
            }))}
          />
        </SimpleGrid>
      )}
    </Stack>
  );
}
