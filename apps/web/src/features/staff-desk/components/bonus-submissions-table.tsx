import { useState } from 'react';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { IconGift } from '@tabler/icons-react';
import {
  BONUS_PROGRAM_TYPES,
  BONUS_SUBMISSION_STATUSES,
  type AdminBonusSubmission,
  type BonusProgramType,
  type BonusSubmissionStatus,
} from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { bonusSubmissionsQueryOptions, useBonusDecision } from '../api/staff-desk';
import { DecisionButtons, FilterSelect, StatusFilter, useCustomerColumn } from './desk-parts';
import type { Decision } from './decision-modal';
import { DeskList } from './desk-list';

const STATUS_COLOR: Record<BonusSubmissionStatus, string> = {
  pending: 'yellow',
  approved: 'teal',
  rejected: 'gray',
};

/**
 * Bonus program submissions (staff): the publications customers sent, server-paged, pending first by default,
 * filtered by status, type and the customer; approving or rejecting needs `bonus-program.review`.
 */
export function BonusSubmissionsTable() {
  const { t } = useTranslation('staffdesk');
  const { t: tm } = useTranslation('money');
  const { permissions } = useSession();
  const [status, setStatus] = useState<BonusSubmissionStatus | null>('pending');
  const [type, setType] = useState<BonusProgramType | null>(null);
  const decide = useBonusDecision();
  const customerColumn = useCustomerColumn<AdminBonusSubmission>();
  const reviews = permissions.includes('bonus-program.review');
  const decisionOf = (row: AdminBonusSubmission, action: 'approve' | 'reject'): Decision => ({
    id: row.id,
    action,
    title: t(`bonus.${action}Title`),
    text: t(`bonus.${action}Confirm`, { type: tm(`bonus.types.${row.type}`), email: row.user.email }),
    confirmLabel: t(`bonus.${action}`),
    color: action === 'reject' ? 'red' : undefined,
    withNote: true,
  });

  return (
    <DeskList
      title={t('bonus.title')}
      subtitle={t('bonus.subtitle')}
      filters={{ status: status ?? undefined, type: type ?? undefined }}
      filterFields={
        <>
          <StatusFilter
            values={BONUS_SUBMISSION_STATUSES}
            labelOf={(value) => tm(`bonus.status.${value}`)}
            value={status}
            onChange={setStatus}
          />
          <FilterSelect
            label={t('bonus.type')}
            placeholder={t('bonus.allTypes')}
            values={BONUS_PROGRAM_TYPES}
            labelOf={(value) => tm(`bonus.types.${value}`)}
            value={type}
            onChange={setType}
            width={240}
          />
        </>
      }
      queryOptions={bonusSubmissionsQueryOptions}
      decide={decide}
      icon={<IconGift size={28} stroke={1.4} />}
      testId="bonus-table"
      columns={[
        customerColumn,
        {
          accessor: 'link',
          title: t('bonus.columns.link'),
          render: (row) => (
            <Stack gap={0} maw={360}>
              <Text size="sm" fw={500}>
                {tm(`bonus.types.${row.type}`)}
              </Text>
              <Anchor
                href={row.link}
                target="_blank"
                rel="noopener noreferrer nofollow"
                size="sm"
                truncate="end"
              >
                {row.link}
              </Anchor>
              {row.comment && (
                <Text size="xs" c="dimmed" lineClamp={3} style={{ wordBreak: 'break-word' }}>
                  {row.comment}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          accessor: 'status',
          title: t('common.status'),
          render: (row) => (
            <Stack gap={2}>
              <Badge variant="light" color={STATUS_COLOR[row.status]} data-testid={`bonus-status-${row.id}`}>
                {tm(`bonus.status.${row.status}`)}
              </Badge>
              {row.reward && (
                <Text size="xs" c="dimmed">
                  {t('bonus.columns.reward')}: {formatMoney(row.reward)}
                </Text>
              )}
              {row.note && (
                <Text size="xs" c="dimmed" maw={220} style={{ wordBreak: 'break-word' }}>
                  {row.note}
                </Text>
              )}
            </Stack>
          ),
        },
      ]}
      actions={(row, ask) =>
        reviews &&
        row.status === 'pending' && (
          <DecisionButtons
            give={{
              label: t('bonus.approve'),
              testId: `bonus-approve-${row.id}`,
              onClick: () => ask(decisionOf(row, 'approve')),
            }}
            refuse={{
              label: t('bonus.reject'),
              testId: `bonus-reject-${row.id}`,
              onClick: () => ask(decisionOf(row, 'reject')),
            }}
          />
        )
      }
    />
  );
}
