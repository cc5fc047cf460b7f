import { Group, Switch, TextInput } from '@mantine/core';
import { STAFF_MONEY_MESSAGES, type CpiAccount } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formModal, ModalForm } from '../../../components/form-modal';
import { ApiError } from '../../../lib/api';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveCpiAccount } from '../api/cpi-accounts';

const loadSchema = () => import('../../../lib/contracts').then((m) => m.cpiAccountBodySchema);
type Values = {
  id_key: string;
  name: string;
  network: string;
  currency: string;
  daily_limit: string;
  is_active: boolean;
};

/** Creates a CPI account (`account` undefined) or edits one. */
export const CpiAccountModal = formModal(CpiAccountForm, function useHeading({ account }) {
  const { t } = useTranslation('staffmoney');
  return {
    title: account ? t('cpiAccounts.editTitle', { name: account.name }) : t('cpiAccounts.createTitle'),
    testId: 'cpi-account-modal',
  };
});

function CpiAccountForm({ account, onClose }: { account?: CpiAccount; onClose: () => void }) {
  const { t } = useTranslation('staffmoney');
  const form = useSchemaForm<Values>(loadSchema, {
    id_key: account?.id_key ?? '',
    name: account?.name ?? '',
    network: account?.network ?? '',
    currency: account?.currency ?? 'USD',
    daily_limit: account ? String(Number(account.daily_limit)) : '',
    is_active: account?.is_active ?? true,
  });
  const save = useSaveCpiAccount();
  return (
    <ModalForm
      form={form}
      save={(body) => save.mutateAsync({ id: account?.id, body })}
      onClose={onClose}
      onError={(error) => {
        // staff-admin §5/§8: an answer with code 1062 is the duplicate ID key, whatever else it says.
        const body = error instanceof ApiError ? (error.body as { code?: string } | undefined) : undefined;
        if (body?.code !== '1062') return false;
        form.setFieldError('id_key', STAFF_MONEY_MESSAGES.cpiAccountDuplicate);
        return true;
      }}
      submitLabel={t('common.save')}
      submitTestId="cpi-account-save"
    >
      <TextInput
        label={t('cpiAccounts.columns.idKey')}
        required
        data-autofocus
        data-testid="cpi-account-id-key"
        {...form.getInputProps('id_key')}
      />
      <TextInput label={t('cpiAccounts.columns.name')} required {...form.getInputProps('name')} />
      <TextInput label={t('cpiAccounts.columns.network')} required {...form.getInputProps('network')} />
      <Group grow>
        <TextInput
          label={t('cpiAccounts.columns.currency')}
          maxLength={3}
          {...form.getInputProps('currency')}
        />
        <TextInput
          label={t('cpiAccounts.columns.dailyLimit')}
          inputMode="decimal"
          required
          data-testid="cpi-account-limit"
          {...form.getInputProps('daily_limit')}
        />
      </Group>
      <Switch label={t('cpiAccounts.columns.active')} {...form.getCheckboxProps('is_active')} />
    </ModalForm>
  );
}
