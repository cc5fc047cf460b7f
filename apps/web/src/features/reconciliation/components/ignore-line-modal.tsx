import { Text, Textarea } from '@mantine/core';
import type { StatementLineView } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formModal, ModalForm } from '../../../components/form-modal';
import { formatMoney } from '../../../lib/format';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useIgnoreLine } from '../api/reconciliation';

const loadSchema = () => import('../../../lib/contracts').then((m) => m.ignoreLineBodySchema);

function IgnoreLineForm({ line, onClose }: { line: StatementLineView; onClose: () => void }) {
  const { t } = useTranslation('staffmoney');
  const form = useSchemaForm<{ reason: string }>(loadSchema, { reason: '' });
  const ignore = useIgnoreLine();
  return (
    <ModalForm
      form={form}
      save={({ reason }) => ignore.mutateAsync({ id: line.id, reason })}
      onClose={onClose}
      submitLabel={t('reconciliation.ignore.submit')}
      submitTestId="ignore-line-submit"
    >
      <Text size="sm">
        {t('reconciliation.ignore.text', {
          amount: formatMoney(line.amount),
          currency: line.currency,
          counterparty: line.counterparty ?? '—',
        })}
      </Text>
      <Textarea
        label={t('reconciliation.ignore.reason')}
        required
        autosize
        minRows={2}
        data-autofocus
        data-testid="ignore-line-reason"
        {...form.getInputProps('reason')}
      />
    </ModalForm>
  );
}

/** Sets an unmatched line aside, with the reason staff must give. */
export const IgnoreLineModal = formModal(IgnoreLineForm, () => {
  const { t } = useTranslation('staffmoney');
  return { title: t('reconciliation.ignore.title'), testId: 'ignore-line-modal' };
});
