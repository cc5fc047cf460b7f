import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCash } from '@tabler/icons-react';
import {
  PAYOUT_METHODS,
  PAYOUT_STATUSES,
  type AdminPayout,
  type PayoutMethod,
  type PayoutStatus,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import { useTranslation } from 'react-i18next';
import { ListError, usePagedTableProps, usePageOf } from '../../../components/paged-table';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { payoutsQueryOptions, usePayoutDecision } from '../api/staff-desk';
import { CustomerCell, CustomerSearch, DeskHeader } from './desk-parts';
import { DecisionModal, type Decision } from './decision-modal';

const PAGE_SIZE = 10;
const STATUS_COLOR: Record<PayoutStatus, string> = { pending: 'yellow', completed: 'teal', canceled: 'gray' };

/**
 * Referral payouts (staff): customers' payout requests, server-paged, pending first by default, filtered by
 * status, method and the customer; completing or canceling one needs `payouts.manage`.
 */
export function PayoutsTable() {
  const { t } = useTranslation('staffdesk');
  const { t: tm } = useTranslation('money');
  const { permissions } = useSession();
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 350);
  const [status, setStatus] = useState<PayoutStatus | null>('pending');
  const [method, setMethod] = useState<PayoutMethod | null>(null);
  const [decision, setDecision] = useState<Decision | null>(null);
  const decide = usePayoutDecision();
  const filters = {
    search: debouncedSearch || undefined,
    status: status ?? undefined,
    method: method ?? undefined,
  };
  const [page, setPage] = usePageOf(filters);
  const { data, isFetching, error } = useQuery(payoutsQueryOptions({ ...filters, page, limit: PAGE_SIZE }));
  const pagedProps = usePagedTableProps(
    { data, isFetching },
    { page, onPageChange: setPage, perPage: PAGE_SIZE, emptyHeight: 220 },
  );
  const manages = permissions.includes('payouts.manage');
  const ask = (payout: AdminPayout, action: 'complete' | 'cancel') => {
    const params = {
      id: payout.id,
      email: payout.user.email,
      amount: formatMoney(payout.amount),
      method: tm(`payoutMethod.${payout.method}`),
    };
    setDecision({
      id: payout.id,
      action,
      title: t(`payouts.${action}Title`),
      text: t(`payouts.${action}Confirm`, params),
      confirmLabel: t(`payouts.${action}`),
      color: action === 'cancel' ? 'red' : undefined,
      withNote: true,
    });
  };

  return (
    <Stack gap="lg">
      <DeskHeader title={t('payouts.title')} subtitle={t('payouts.subtitle')}>
        <CustomerSearch value={search} onChange={setSearch} />
        <Select
          label={t('common.status')}
          placeholder={t('common.allStatuses')}
          data={PAYOUT_STATUSES.map((value) => ({ value, label: tm(`payoutStatus.${value}`) }))}
          value={status}
          onChange={(value) => setStatus(value as PayoutStatus | null)}
          clearable
          w={{ base: '100%', xs: 200 }}
          data-testid="desk-status"
        />
        <Select
          label={t('payouts.method')}
          placeholder={t('payouts.allMethods')}
          data={PAYOUT_METHODS.filter((value) => value !== 'balance').map((value) => ({
            value,
            label: tm(`payoutMethod.${value}`),
          }))}
          value={method}
          onChange={(value) => setMethod(value as PayoutMethod | null)}
          clearable
          w={{ base: '100%', xs: 200 }}
        />
      </DeskHeader>
      <ListError error={error} />
      <DataTable<AdminPayout>
        {...pagedProps}
        idAccessor="id"
        noRecordsIcon={<IconCash size={28} stroke={1.4} />}
        noRecordsText={debouncedSearch || status || method ? t('common.emptyFiltered') : t('common.empty')}
        data-testid="payouts-table"
        columns={[
          { accessor: 'id', title: t('payouts.columns.id'), width: 70 },
          {
            accessor: 'user',
            title: t('common.customer'),
            render: (payout) => <CustomerCell user={payout.user} at={payout.created_at} />,
          },
          {
            accessor: 'amount',
            title: t('payouts.columns.amount'),
            textAlign: 'right',
            noWrap: true,
            render: (payout) => formatMoney(payout.amount),
          },
          {
            accessor: 'method',
            title: t('payouts.method'),
            render: (payout) => (
              <Stack gap={0} maw={260}>
                <Text size="sm">{tm(`payoutMethod.${payout.method}`)}</Text>
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                  {payout.details}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: 'status',
            title: t('common.status'),
            render: (payout) => (
              <Stack gap={2}>
                <Badge
                  variant="light"
                  color={STATUS_COLOR[payout.status]}
                  data-testid={`payout-status-${payout.id}`}
                >
                  {tm(`payoutStatus.${payout.status}`)}
                </Badge>
                {payout.processed_at && (
                  <Text size="xs" c="dimmed">
                    {formatDateTime(payout.processed_at)}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'actions',
            title: t('common.actions'),
            textAlign: 'right',
            render: (payout) =>
              manages &&
              payout.status === 'pending' && (
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  <Button
                    size="compact-sm"
                    onClick={() => ask(payout, 'complete')}
                    data-testid={`payout-complete-${payout.id}`}
                  >
                    {t('payouts.complete')}
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="light"
                    color="red"
                    onClick={() => ask(payout, 'cancel')}
                    data-testid={`payout-cancel-${payout.id}`}
                  >
                    {t('payouts.cancel')}
                  </Button>
                </Group>
              ),
          },
        ]}
      />
      <DecisionModal
        decision={decision}
        run={(change) => decide.mutateAsync(change)}
        pending={decide.isPending}
        onClose={() => setDecision(null)}
      />
    </Stack>
  );
}
