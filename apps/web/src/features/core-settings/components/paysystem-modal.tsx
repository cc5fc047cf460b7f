import { SimpleGrid, Switch, TextInput } from '@mantine/core';
import type { Paysystem } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { FormModal, ModalForm } from '../../../components/form-modal';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSavePaysystem } from '../api/settings';
import {
  paysystemBody,
  paysystemFormSchema,
  paysystemValues,
  type PaysystemFormValues,
} from './paysystem-form';

const loadSchema = () => Promise.resolve(paysystemFormSchema);

/** Edits a payment system's bonus and options. */
export function PaysystemModal({ system, onClose }: { system: Paysystem | null; onClose: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <FormModal
      opened={system !== null}
      onClose={onClose}
      title={system ? t('paysystems.editTitle', { name: system.name }) : ''}
      size="lg"
      testId="paysystem-modal"
    >
      {system && <PaysystemForm system={system} onClose={onClose} />}
    </FormModal>
  );
}

function PaysystemForm({ system, onClose }: { system: Paysystem; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const form = useSchemaForm<PaysystemFormValues>(loadSchema, paysystemValues(system));
  const save = useSavePaysystem();
  const decimal = { inputMode: 'decimal' as const, autoComplete: 'off' };
  return (
    <ModalForm
      form={form}
      save={(values) => save.mutateAsync({ id: system.id, body: paysystemBody(values) })}
      onClose={onClose}
      submitLabel={t('save')}
      submitTestId="paysystem-save"
    >
      <TextInput label={t('paysystems.description')} data-autofocus {...form.getInputProps('description')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('paysystems.minAmount')}
          required
          {...decimal}
          {...form.getInputProps('min_amount')}
        />
        <TextInput
          label={t('paysystems.maxAmount')}
          required
          {...decimal}
          {...form.getInputProps('max_amount')}
        />
        <TextInput
          label={t('paysystems.fee')}
          required
          rightSection="%"
          data-testid="paysystem-fee"
          {...decimal}
          {...form.getInputProps('fee')}
        />
        <TextInput
          label={t('paysystems.vat')}
          description={t('paysystems.vatHint')}
          rightSection="%"
          {...decimal}
          {...form.getInputProps('vat')}
        />
        <TextInput
          label={t('paysystems.confirmations')}
          description={t('paysystems.confirmationsHint')}
          inputMode="numeric"
          {...form.getInputProps('confirmations')}
        />
        <TextInput
          label={t('paysystems.bonusMax')}
          description={t('paysystems.bonusMaxHint')}
          {...decimal}
          {...form.getInputProps('bonus_max_amount')}
        />
      </SimpleGrid>
      <Switch label={t('paysystems.bonus')} {...form.getCheckboxProps('bonus')} />
    </ModalForm>
  );
}
