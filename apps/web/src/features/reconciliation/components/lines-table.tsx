import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconListCheck } from '@tabler/icons-react';
import type { StatementLineState, StatementLineView } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { dateColumn, StaffList, useServerList } from '../../../components/staff-list';
import { formatMoney } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { linesQueryOptions } from '../api/reconciliation';
import { AssignLineModal } from './assign-line-modal';
import { IgnoreLineModal } from './ignore-line-modal';
import { LineStateBadge } from './line-state-badge';

/**
 * Statement lines, server-paged: one statement's (`statementId`) or those in a state (the unmatched queue). An
 * unmatched line is assigned or ignored by staff who may change balances.
 */
export function LinesTable({
  statementId,
  state,
  testId,
}: {
  statementId?: number;
  state?: StatementLineState;
  testId: string;
}) {
  const { t } = useTranslation('staffmoney');
  const { permissions } = useSession();
  const resolves = permissions.includes('users.change-balance');
  const [assigning, setAssigning] = useState<StatementLineView | null>(null);
  const [ignoring, setIgnoring] = useState<StatementLineView | null>(null);
  const list = useServerList({
    filters: { statement_id: statementId, state },
    queryOptions: linesQueryOptions,
  });

  return (
    <StaffList<StatementLineView>
      list={list}
      testId={testId}
      emptyIcon={<IconListCheck size={28} stroke={1.4} />}
      empty={t(state === 'unmatched' ? 'reconciliation.lines.emptyQueue' : 'reconciliation.lines.empty')}
      columns={[
        dateColumn('booked_on', t('reconciliation.lines.booked')),
        {
          accessor: 'amount',
          title: t('reconciliation.lines.amount'),
          textAlign: 'right',
          noWrap: true,
          render: (line) =>
            `${line.direction === 'debit' ? '-' : ''}${formatMoney(line.amount)} ${line.currency}`,
        },
        {
          accessor: 'text',
          title: t('reconciliation.lines.text'),
          render: (line) => (
            <Stack gap={0} maw={360}>
              <Text size="sm" style={{ wordBreak: 'break-word' }}>
                {line.text || '—'}
              </Text>
              {line.counterparty && (
                <Text size="xs" c="dimmed">
                  {line.counterparty}
                </Text>
              )}
            </Stack>
          ),
        },
        {
          accessor: 'state',
          title: t('reconciliation.lines.state'),
          render: (line) => <LineStateBadge line={line} />,
        },
      ]}
      rowActions={{
        label: t('reconciliation.lines.actions'),
        render: (line) =>
          resolves &&
          line.state === 'unmatched' && (
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              <Button
                size="compact-sm"
                onClick={() => setAssigning(line)}
                data-testid={`line-assign-${line.id}`}
              >
                {t('reconciliation.lines.assign')}
              </Button>
              <Button
                size="compact-sm"
                variant="default"
                onClick={() => setIgnoring(line)}
                data-testid={`line-ignore-${line.id}`}
              >
                {t('reconciliation.lines.ignore')}
              </Button>
            </Group>
          ),
      }}
    >
      <AssignLineModal line={assigning} onClose={() => setAssigning(null)} />
      {ignoring && <IgnoreLineModal opened line={ignoring} onClose={() => setIgnoring(null)} />}
    </StaffList>
  );
}
