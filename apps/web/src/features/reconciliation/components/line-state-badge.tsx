import { Badge, Stack, Text } from '@mantine/core';
import type { StatementLineState, StatementLineView } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';

const COLOR: Record<StatementLineState, string> = {
  credited: 'teal',
  assigned: 'teal',
  unmatched: 'yellow',
  ignored: 'gray',
  debit: 'gray',
  foreign: 'orange',
};

/** A line's state, with what it credited (payment, payer, difference) or why it was ignored. */
export function LineStateBadge({ line }: { line: StatementLineView }) {
  const { t } = useTranslation('staffmoney');
  return (
    <Stack gap={2}>
      <Badge variant="light" color={COLOR[line.state]} data-testid={`line-state-${line.id}`}>
        {t(`reconciliation.state.${line.state}`)}
      </Badge>
      {line.payment && (
        <Text size="xs">
          {line.payment.reference
            ? t('reconciliation.lines.creditedTo', {
                id: line.payment.id,
                reference: line.payment.reference,
                email: line.payment.user.email,
              })
            : t('reconciliation.lines.creditedToNew', {
                id: line.payment.id,
                email: line.payment.user.email,
              })}
        </Text>
      )}
      {line.difference && (
        <Text size="xs" c="orange.8" data-testid={`line-difference-${line.id}`}>
          {t('reconciliation.lines.difference', { amount: formatMoney(line.difference) })}
        </Text>
      )}
      {line.ignore_reason && (
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
          {t('reconciliation.lines.ignoredBecause', { reason: line.ignore_reason })}
        </Text>
      )}
    </Stack>
  );
}
