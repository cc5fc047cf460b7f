import { useState } from 'react';
import { Badge, Stack, Text } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import {
  PAYOUT_METHODS,
  PAYOUT_STATUSES,
  type AdminPayout,
  type PayoutMethod,
  type PayoutStatus,
} from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { payoutsQueryOptions, usePayoutDecision } from '../api/staff-desk';
import { DecisionButtons, FilterSelect, StatusFilter, useCustomerColumn } from './desk-parts';
import type { Decision } from './decision-modal';
import { moneyColumn } from '../../../components/staff-list';
import { DeskList } from './desk-list';

const STATUS_COLOR: Record<PayoutStatus, string> = { pending: 'yellow', completed: 'teal', canceled: 'gray' };
/** `balance` payouts move money inside Storelift and are never asked for. */
const METHODS = PAYOUT_METHODS.filter((value) => value !== 'balance');

/**
 * Referral payouts (staff): customers' payout requests, server-paged, pending first by default, filtered by
 * status, method and the customer; completing or canceling one needs `payouts.manage`.
 */
export function PayoutsTable() {
  const { t } = useTranslation('staffdesk');
  const { t: tm } = useTranslation('money');
  const { permissions } = useSession();
  const [status, setStatus] = useState<PayoutStatus | null>('pending');
  const [method, setMethod] = useState<PayoutMethod | null>(null);
  const decide = usePayoutDecision();
  const customerColumn = useCustomerColumn<AdminPayout>();
  const manages = permissions.includes('payouts.manage');
  const decisionOf = (payout: AdminPayout, action: 'complete' | 'cancel'): Decision => ({
    id: payout.id,
    action,
    title: t(`payouts.${action}Title`),
    text: t(`payouts.${action}Confirm`, {
      id: payout.id,
      email: payout.user.email,
      amount: formatMoney(payout.amount),
      method: tm(`payoutMethod.${payout.method}`),
    }),
    confirmLabel: t(`payouts.${action}`),
    color: action === 'cancel' ? 'red' : undefined,
    withNote: true,
  });

  return (
    <DeskList
      title={t('payouts.title')}
      subtitle={t('payouts.subtitle')}
      filters={{ status: status ?? undefined, method: method ?? undefined }}
      filterFields={
        <>
          <StatusFilter
            values={PAYOUT_STATUSES}
            labelOf={(value) => tm(`payoutStatus.${value}`)}
            value={status}
            onChange={setStatus}
          />
          <FilterSelect
            label={t('payouts.method')}
            placeholder={t('payouts.allMethods')}
            values={METHODS}
            labelOf={(value) => tm(`payoutMethod.${value}`)}
            value={method}
            onChange={setMethod}
          />
        </>
      }
      queryOptions={payoutsQueryOptions}
      decide={decide}
      icon={<IconCash size={28} stroke={1.4} />}
      testId="payouts-table"
      columns={[
        { accessor: 'id', title: t('payouts.columns.id'), width: 70 },
        customerColumn,
        moneyColumn('amount', t('payouts.columns.amount'), { noWrap: true }),
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
          // Wide enough for the longest status badge of the four languages, which would otherwise be cut.
          width: 120,
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
      ]}
      actions={(payout, ask) =>
        manages &&
        payout.status === 'pending' && (
          <DecisionButtons
            give={{
              label: t('payouts.complete'),
              testId: `payout-complete-${payout.id}`,
              onClick: () => ask(decisionOf(payout, 'complete')),
            }}
            refuse={{
              label: t('payouts.cancel'),
              testId: `payout-cancel-${payout.id}`,
              onClick: () => ask(decisionOf(payout, 'cancel')),
            }}
          />
        )
      }
    />
  );
}
