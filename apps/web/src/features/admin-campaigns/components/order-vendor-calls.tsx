import { Badge, Stack, Text, Title } from '@mantine/core';
import type { VendorCall } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { dateColumn, StaffList, useServerList } from '../../../components/staff-list';
import { formatNumber } from '../../../lib/format';
import { VENDOR_CALLS_PAGE, vendorCallsQueryOptions } from '../api/admin-campaigns';

const OUTCOME_COLORS: Record<VendorCall['outcome'], string> = {
  ok: 'teal',
  refused: 'orange',
  unreachable: 'red',
};

/**
 * The calls made to vendors for a campaign (admins; issue "Vendors over the panel protocol": every call is logged
 * and visible to staff on the order): when, to which vendor, the action, how long it took and how it ended.
 */
export function OrderVendorCalls({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation('admin');
  const list = useServerList({
    filters: { campaignId },
    queryOptions: ({ page }) => vendorCallsQueryOptions(campaignId, page),
    perPage: VENDOR_CALLS_PAGE,
    emptyHeight: 120,
  });
  return (
    <Stack gap="xs" data-testid="order-vendor-calls">
      <Title order={4}>{t('details.calls.title')}</Title>
      <StaffList<VendorCall>
        list={list}
        empty={t('details.calls.empty')}
        columns={[
          dateColumn('created_at', t('details.calls.time'), { time: true }),
          { accessor: 'vendor', title: t('details.calls.vendor'), render: (call) => call.vendor ?? '—' },
          {
            accessor: 'action',
            title: t('details.calls.action'),
            render: (call) => (
              <Text size="sm" ff="monospace">
                {call.action}
              </Text>
            ),
          },
          {
            accessor: 'latency_ms',
            title: t('details.calls.latency'),
            textAlign: 'right',
            noWrap: true,
            render: (call) => t('details.calls.ms', { value: formatNumber(call.latency_ms) }),
          },
          {
            accessor: 'outcome',
            title: t('details.calls.outcome'),
            render: (call) => (
              <Badge size="sm" variant="light" color={OUTCOME_COLORS[call.outcome]}>
                {t(`details.calls.outcomes.${call.outcome}`)}
              </Badge>
            ),
          },
          {
            accessor: 'error',
            title: t('details.calls.error'),
            render: (call) => (
              <Text size="xs" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                {call.error ?? '—'}
              </Text>
            ),
          },
        ]}
      />
    </Stack>
  );
}
