import type { ReactNode } from 'react';
import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/paged-table';
import { formatDateTime } from '../../../lib/format';
import { failuresQueryOptions } from '../api/operations';

function Section({
  title,
  total,
  empty,
  testId,
  children,
}: {
  title: string;
  total: number;
  empty: string;
  testId: string;
  children: ReactNode;
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
        children
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
          >
            <Table fz="sm">
              <Table.Tbody>
                {data.callbacks.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{formatDateTime(row.created_at)}</Table.Td>
                    <Table.Td>{row.status}</Table.Td>
                    <Table.Td>{row.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Section>
          <Section
            title={t('failures.placements')}
            total={data.placements.total}
            empty={t('failures.noPlacements')}
            testId="failures-placements"
          >
            <Table fz="sm">
              <Table.Tbody>
                {data.placements.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>#{row.campaign_id}</Table.Td>
                    <Table.Td>{row.vendor ?? '—'}</Table.Td>
                    <Table.Td>{row.last_error}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Section>
          <Section
            title={t('failures.waiting')}
            total={data.waiting_campaigns.total}
            empty={t('failures.noWaiting')}
            testId="failures-waiting"
          >
            <Table fz="sm">
              <Table.Tbody>
                {data.waiting_campaigns.data.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>#{row.id}</Table.Td>
                    <Table.Td>{row.user_email}</Table.Td>
                    <Table.Td>{t('failures.since', { date: formatDateTime(row.created_at) })}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Section>
        </SimpleGrid>
      )}
    </Stack>
  );
}
