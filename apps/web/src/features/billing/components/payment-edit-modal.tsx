import { Select, Textarea } from '@mantine/core';
import type { AdminPayment, Paysystem } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { FormModal, ModalForm } from '../../../components/form-modal';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdatePayment } from '../api/admin-payments';

const loadSchema = () => import('../../../lib/contracts').then((m) => m.updatePaymentBodySchema);
type Values = { description: string; paysystem_id: string };

/** `PUT payments/{id}` (staff): the payment's description and payment system. */
export function PaymentEditModal({
  payment,
  paysystems,
  onClose,
}: {
  payment: AdminPayment | null;
  paysystems: Paysystem[];
  onClose: () => void;
}) {
  const { t } = useTranslation('staffmoney');
  return (
    <FormModal
      opened={payment !== null}
      onClose={onClose}
      title={t('payments.editTitle', { id: payment?.id ?? '' })}
      testId="payment-edit-modal"
    >
      {payment && <PaymentForm payment={payment} paysystems={paysystems} onClose={onClose} />}
    </FormModal>
  );
}

function PaymentForm({
  payment,
  paysystems,
  onClose,
}: {
  payment: AdminPayment;
  paysystems: Paysystem[];
  onClose: () => void;
}) {
  const { t } = useTranslation('staffmoney');
  const form = useSchemaForm<Values>(loadSchema, {
    description: payment.description ?? '',
    paysystem_id: String(payment.paysystem_id),
  });
  const save = useUpdatePayment();
  // The payment's own system stays choosable even when customers no longer see it.
  const systems = paysystems.some((item) => item.id === payment.paysystem_id)
    ? paysystems
    : [{ id: payment.paysystem_id, name: payment.paysystem.name }, ...paysystems];

  return (
    <ModalForm
      form={form}
      save={(values) =>
        save.mutateAsync({
          id: payment.id,
          body: { description: values.description || null, paysystem_id: Number(values.paysystem_id) },
        })
      }
      onClose={onClose}
      submitLabel={t('common.save')}
      submitTestId="payment-save"
    >
      <Select
        label={t('payments.columns.system')}
        data={systems.map((item) => ({ value: String(item.id), label: item.name }))}
        allowDeselect={false}
        {...form.getInputProps('paysystem_id')}
      />
      <Textarea
        label={t('payments.columns.description')}
        autosize
        minRows={2}
        maxRows={6}
        data-autofocus
        data-testid="payment-description"
        {...form.getInputProps('description')}
      />
    </ModalForm>
  );
}
