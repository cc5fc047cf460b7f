import { TextInput } from '@mantine/core';
import type { Reflink } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formModal, ModalForm } from '../../../components/form-modal';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveReflink } from '../api/reflinks';

const loadSchema = () => import('../../../lib/contracts').then((m) => m.reflinkBodySchema);
type Values = { name: string; code: string; category: string; bonus: string; email: string };

/** Creates a reflink (`reflink` undefined) or edits one: name, code, category, bonus, e-mail. */
export const ReflinkModal = formModal(ReflinkForm, function useHeading({ reflink }) {
  const { t } = useTranslation('staffmoney');
  return {
    title: reflink ? t('reflinks.editTitle', { name: reflink.name }) : t('reflinks.createTitle'),
    testId: 'reflink-modal',
  };
});

function ReflinkForm({ reflink, onClose }: { reflink?: Reflink; onClose: () => void }) {
  const { t } = useTranslation('staffmoney');
  const form = useSchemaForm<Values>(loadSchema, {
    name: reflink?.name ?? '',
    code: reflink?.code ?? '',
    category: reflink?.category ?? '',
    bonus: reflink ? String(Number(reflink.bonus)) : '0',
    email: reflink?.email ?? '',
  });
  const save = useSaveReflink();
  return (
    <ModalForm
      form={form}
      save={(body) => save.mutateAsync({ id: reflink?.id, body })}
      onClose={onClose}
      submitLabel={t('common.save')}
      submitTestId="reflink-save"
    >
      <TextInput label={t('reflinks.columns.name')} required data-autofocus {...form.getInputProps('name')} />
      <TextInput
        label={t('reflinks.columns.code')}
        description={t('reflinks.codeHint')}
        required
        data-testid="reflink-code"
        {...form.getInputProps('code')}
      />
      <TextInput label={t('reflinks.columns.category')} {...form.getInputProps('category')} />
      <TextInput
        label={t('reflinks.columns.bonus')}
        description={t('reflinks.bonusHint')}
        inputMode="decimal"
        {...form.getInputProps('bonus')}
      />
      <TextInput label={t('reflinks.columns.email')} type="email" {...form.getInputProps('email')} />
    </ModalForm>
  );
}
