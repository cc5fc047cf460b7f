import { Badge, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { VendorHealth } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ListError } from '../../../components/paged-table';
import { formatDateTime, formatMoney, formatNumber } from '../../../lib/format';
import { vendorAmount } from '../../../lib/vendor-money';
import { vendorHealthQueryOptions } from '../api/operations';

/** Whether a vendor's last known balance is below its threshold (unknown either way: not low). */
export function isLowBalance(vendor: Pick<VendorHealth, 'balance' | 'balance_threshold'>): boolean {
  const balance = vendorAmount(vendor.balance);
  const threshold = vendorAmount(vendor.balance_threshold);
  return balance !== null && threshold !== null && balance < threshold;
}

/**
 * The vendors (issue "Vendors over the panel protocol"): each one's last known balance and when it was read, the
 * threshold below which staff get a notice (a low balance says so in words, not by colour alone), its open orders
 * and its failed calls of the last 24 hours.
 */
export function VendorsHealth() {
  const { t } = useTranslation('operations');
  const { data, error } = useQuery(vendorHealthQueryOptions());
  const amount = (value: string | null, currency: string | null) =>
    value === null ? '—' : `${formatMoney(value)}${currency ? ` ${currency}` : ''}`;
  return (
    <section aria-labelledby="vendors-health-title">
      <Title order={2} fz="lg" mb="sm" id="vendors-health-title">
        {t('vendors.title')}
      </Title>
      <ListError error={error} />
      {data && data.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('vendors.empty')}
        </Text>
      )}
      {data && data.data.length > 0 && (
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder striped horizontalSpacing="xs" data-testid="vendors-health">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('vendors.vendor')}</Table.Th>
                <Table.Th ta="right">{t('vendors.balance')}</Table.Th>
                <Table.Th ta="right">{t('vendors.threshold')}</Table.Th>
                <Table.Th ta="right">{t('vendors.openOrders')}</Table.Th>
                <Table.Th ta="right">{t('vendors.failures')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.map((vendor) => {
                const low = isLowBalance(vendor);
                return (
                  <Table.Tr key={vendor.vendor_id} data-testid={`vendor-health-${vendor.vendor_id}`}>
                    <Table.Td>
                      <Stack gap={2}>
                        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                          {vendor.vendor}
                        </Text>
                        <Group gap={4}>
                          <Badge size="xs" variant="outline" color="gray">
                            {t(`vendors.protocols.${vendor.protocol}`)}
                          </Badge>
                          {!vendor.is_active && (
                            <Badge size="xs" variant="light" color="gray">
                              {t('vendors.inactive')}
                            </Badge>
                          )}
                        </Group>
                      </Stack>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Stack gap={2} align="flex-end">
                        <Text size="sm" ff="monospace" c={low ? 'red' : undefined} fw={low ? 600 : undefined}>
                          {amount(vendor.balance, vendor.currency)}
                        </Text>
                        {low && (
                          <Badge size="sm" color="red" variant="light" data-testid="vendor-health-low">
                            {t('vendors.low')}
                          </Badge>
                        )}
                        <Text size="xs" c="dimmed">
                          {vendor.balance_at
                            ? t('vendors.readAt', { time: formatDateTime(vendor.balance_at) })
                            : t('vendors.neverRead')}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td ta="right" ff="monospace">
                      {amount(vendor.balance_threshold, vendor.currency)}
                    </Table.Td>
                    <Table.Td ta="right">{formatNumber(vendor.open_orders)}</Table.Td>
                    <Table.Td ta="right">
                      {vendor.failures_24h > 0 ? (
                        <Text size="sm" c="red" fw={600} span>
                          {formatNumber(vendor.failures_24h)}
                        </Text>
                      ) : (
                        0
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </section>
  );
}
