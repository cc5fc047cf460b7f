import { Button, Group, Modal, Select, Stack, Textarea } from '@mantine/core';
import type { AdminPayment, Paysystem } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/error-modal';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useOpenings } from '../../../lib/use-openings';
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
  const { t: ta } = useTranslation('app');
  const openings = useOpenings(payment !== null);
  return (
    <Modal
      opened={payment !== null}
      onClose={onClose}
      title={t('payments.editTitle', { id: payment?.id ?? '' })}
      centered
      closeButtonProps={{ 'aria-label': ta('actions.close') }}
      data-testid="payment-edit-modal"
    >
      {payment && <PaymentForm key={openings} payment={payment} paysystems={paysystems} onClose={onClose} />}
    </Modal>
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
  const { t: ta } = useTranslation('app');
  const form = useSchemaForm<Values>(loadSchema, {
    description: payment.description ?? '',
    paysystem_id: String(payment.paysystem_id),
  });
  const save = useUpdatePayment();
  // The payment's own system stays choosable even when customers no longer see it.
  const systems = paysystems.some((item) => item.id === payment.paysystem_id)
    ? paysystems
    : [{ id: payment.paysystem_id, name: payment.paysystem.name }, ...paysystems];

  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync({
        id: payment.id,
        body: { description: values.description || null, paysystem_id: Number(values.paysystem_id) },
      });
      notifySuccess(translateMessage(answer.message));
      onClose();
    } catch (error) {
      showFormError(form, error);
    }
  });

  return (
    <form onSubmit={submit} {...form.formProps}>
      <Stack gap="md">
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
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {ta('actions.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} data-testid="payment-save">
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
