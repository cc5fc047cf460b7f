import { Button, Group, Modal, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import type { Paysystem } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/error-modal';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useOpenings } from '../../../lib/use-openings';
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
  const { t: ta } = useTranslation('app');
  const openings = useOpenings(system !== null);
  return (
    <Modal
      opened={system !== null}
      onClose={onClose}
      title={system ? t('paysystems.editTitle', { name: system.name }) : ''}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': ta('actions.close') }}
      data-testid="paysystem-modal"
    >
      {system && <PaysystemForm key={openings} system={system} onClose={onClose} />}
    </Modal>
  );
}

function PaysystemForm({ system, onClose }: { system: Paysystem; onClose: () => void }) {
  const { t } = useTranslation('settings');
  const { t: ta } = useTranslation('app');
  const form = useSchemaForm<PaysystemFormValues>(loadSchema, paysystemValues(system));
  const save = useSavePaysystem();
  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync({ id: system.id, body: paysystemBody(values) });
      notifySuccess(translateMessage(answer.message));
      onClose();
    } catch (error) {
      showFormError(form, error);
    }
  });
  const decimal = { inputMode: 'decimal' as const, autoComplete: 'off' };
  return (
    <form onSubmit={submit} {...form.formProps}>
      <Stack gap="md">
        <TextInput
          label={t('paysystems.description')}
          data-autofocus
          {...form.getInputProps('description')}
        />
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
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {ta('actions.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} data-testid="paysystem-save">
            {t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
