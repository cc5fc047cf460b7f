import { MultiSelect, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { BUSINESS_TYPES, GENDERS, MESSENGER_TYPES, ROLES, type AdminUser } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { FormModal, ModalForm } from '../../../components/form-modal';
import { useCan } from '../../../lib/session';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { managersQueryOptions, pricePlansQueryOptions, useUpdateUser } from '../api/admin-users';
import { userBody, userFormSchema, userValues, type UserFormValues } from './user-form';

const loadSchema = () => Promise.resolve(userFormSchema);

/** Edits the fields of a user staff may change (staff-admin §3 User). */
export function UserEditModal({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation('users');
  return (
    <FormModal
      opened={user !== null}
      onClose={onClose}
      title={user ? t('edit.title', { email: user.email }) : ''}
      size="lg"
      testId="user-edit-modal"
    >
      {user && <UserForm user={user} onClose={onClose} />}
    </FormModal>
  );
}

function UserForm({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const { t } = useTranslation('users');
  const { t: tr } = useTranslation();
  const { t: ta } = useTranslation('app');
  const form = useSchemaForm<UserFormValues>(loadSchema, userValues(user));
  const save = useUpdateUser();
  const canSetPlan = useCan('users.set-price-plan');
  const plans = useQuery(pricePlansQueryOptions());
  const managers = useQuery(managersQueryOptions());

  const roleNames = [...new Set([...ROLES, ...user.roles])];
  /** A Select on a text field of the form ('' when cleared). */
  const select = (path: 'business_type' | 'gender' | 'messenger_type' | 'priceplan_id' | 'manager_id') => {
    const { value, error, onBlur } = form.getInputProps(path);
    return {
      value: (value as string) || null,
      error,
      onBlur,
      onChange: (next: unknown) => form.setFieldValue(path, (next ?? '') as never),
      comboboxProps: { withinPortal: true },
    };
  };
  return (
    <ModalForm
      form={form}
      save={(values) => save.mutateAsync(userBody(user.id, values, user.priceplan.id))}
      onClose={onClose}
      submitLabel={t('edit.save')}
      submitTestId="user-edit-save"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={tr('fields.nickname')}
          required
          data-autofocus
          {...form.getInputProps('nickname')}
        />
        <TextInput label={tr('fields.fullName')} required {...form.getInputProps('full_name')} />
        <Select
          label={tr('fields.businessType')}
          data={BUSINESS_TYPES.map((value) => ({ value, label: tr(`businessTypes.${value}`) }))}
          allowDeselect={false}
          {...select('business_type')}
        />
        <CountrySelect
          label={tr('fields.country')}
          value={form.values.country}
          onChange={(code) => form.setFieldValue('country', code)}
          error={form.getInputProps('country').error}
        />
        <Select
          label={t('fields.gender')}
          placeholder={t('fields.notGiven')}
          data={GENDERS.map((value) => ({ value, label: t(`genders.${value}`) }))}
          clearable
          {...select('gender')}
        />
        <TextInput label={tr('fields.phone')} inputMode="tel" {...form.getInputProps('phone')} />
        <Select
          label={tr('fields.messengerType')}
          placeholder={t('fields.notGiven')}
          data={MESSENGER_TYPES.map((value) => ({ value, label: tr(`messengers.${value}`) }))}
          clearable
          {...select('messenger_type')}
        />
        <TextInput label={tr('fields.messengerId')} {...form.getInputProps('messenger_id')} />
      </SimpleGrid>
      <MultiSelect
        label={t('fields.roles')}
        data={roleNames.map((value) => ({
          value,
          label: ta(`roles.${value}` as 'roles.user', { defaultValue: value }),
        }))}
        value={form.values.roles}
        onChange={(values) => form.setFieldValue('roles', values)}
        error={form.getInputProps('roles').error}
        comboboxProps={{ withinPortal: true }}
        data-testid="user-edit-roles"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t('fields.pricePlan')}
          description={canSetPlan ? undefined : t('fields.planLocked')}
          disabled={!canSetPlan}
          data={(plans.data?.data ?? []).map((plan) => ({ value: String(plan.id), label: plan.name }))}
          allowDeselect={false}
          {...select('priceplan_id')}
        />
        <Select
          label={t('fields.manager')}
          placeholder={t('fields.noManager')}
          data={(managers.data?.data ?? []).map((manager) => ({
            value: String(manager.id),
            label: `${manager.nickname} (${manager.email})`,
          }))}
          clearable
          searchable
          {...select('manager_id')}
        />
      </SimpleGrid>
      <Switch
        label={t('fields.euPayee')}
        description={t('fields.euPayeeHint')}
        {...form.getCheckboxProps('eu_payee')}
      />
    </ModalForm>
  );
}
