import { Select, TextInput } from '@mantine/core';
import { BUSINESS_TYPES, MESSENGER_TYPES } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from './country-select';
import type { SchemaForm } from '../lib/use-schema-form';

export interface AccountValues extends Record<string, unknown> {
  full_name: string;
  business_type: string;
  country: string;
  phone: string;
  messenger_type: string;
  messenger_id: string;
}

/**
 * The account fields of customer-area §5 that sign-up and My profile share, with the same rules (full name,
 * business type and country required; the phone digits only; a phone or a messenger). Meant for a two-column grid.
 */
export function AccountFields<Values extends AccountValues>({ form }: { form: SchemaForm<Values> }) {
  const { t } = useTranslation();
  // The generic form types each value as Values[K]; these fields all hold text.
  const set = (path: keyof AccountValues & string, value: string) =>
    form.setFieldValue(path, value as Values[typeof path]);
  const countryProps = form.getInputProps('country');
  return (
    <>
      <TextInput
        label={t('fields.fullName')}
        autoComplete="name"
        withAsterisk
        {...form.getInputProps('full_name')}
      />
      <Select
        label={t('fields.businessType')}
        placeholder={t('common.choose')}
        data={BUSINESS_TYPES.map((type) => ({ value: type as string, label: t(`businessTypes.${type}`) }))}
        withAsterisk
        allowDeselect={false}
        {...form.getInputProps('business_type')}
        onChange={(value) => set('business_type', value ?? '')}
      />
      <CountrySelect
        label={t('fields.country')}
        placeholder={t('common.search')}
        withAsterisk
        nothingFoundMessage={t('common.nothingFound')}
        autoComplete="off"
        name={countryProps.name}
        error={countryProps.error}
        onBlur={countryProps.onBlur}
        value={form.values.country}
        onChange={(code) => set('country', code)}
      />
      <TextInput
        label={t('fields.phone')}
        description={t('signup.phoneHint')}
        inputMode="numeric"
        autoComplete="tel"
        {...form.getInputProps('phone')}
        onChange={(event) => set('phone', event.currentTarget.value.replace(/\D/g, ''))}
      />
      <Select
        label={t('fields.messengerType')}
        placeholder={t('common.choose')}
        data={MESSENGER_TYPES.map((type) => ({ value: type as string, label: t(`messengers.${type}`) }))}
        clearable
        {...form.getInputProps('messenger_type')}
        value={form.values.messenger_type || null}
        onChange={(value) => set('messenger_type', value ?? '')}
      />
      <TextInput label={t('fields.messengerId')} {...form.getInputProps('messenger_id')} />
    </>
  );
}
