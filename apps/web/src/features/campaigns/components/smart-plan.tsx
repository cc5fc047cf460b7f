import { Card, Stack, Table, Text } from '@mantine/core';
import type { CampaignQuote } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';

/** A smart campaign's quote: the installs its budget buys for each keyword, in all and per day. */
export function SmartPlan({ orders }: { orders: CampaignQuote['data']['orders'] }) {
  const { t } = useTranslation('campaigns');
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="smart-plan">
      <Stack gap="xs">
        <Text fw={600}>{t('smart.title')}</Text>
        <Text size="xs" c="dimmed">
          {t('smart.hint')}
        </Text>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('details.keyword')}</Table.Th>
              <Table.Th ta="right">{t('smart.perDay')}</Table.Th>
              <Table.Th ta="right">{t('smart.total')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {orders.map((order) => (
              <Table.Tr key={order.keyword ?? ''}>
                <Table.Td>{order.keyword ?? '—'}</Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {order.sequence.length > 0
                    ? formatNumber(Math.round(order.installs_total / order.sequence.length))
                    : '—'}
                </Table.Td>
                <Table.Td ta="right" ff="monospace">
                  {formatNumber(order.installs_total)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </Card>
  );
}
