import { Button, Group, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  BUSINESS_TYPES,
  MESSENGER_TYPES,
  profileUpdateBodySchema,
  type ProfileResponse,
  type User,
} from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/country-select';
import { showFormError } from '../../../components/error-modal';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateProfile } from '../api/profile';

type ProfileValues = {
  nickname: string;
  full_name: string;
  business_type: string;
  country: string;
  phone: string;
  messenger_type: string;
  messenger_id: string;
};

const loadSchema = () => Promise.resolve(profileUpdateBodySchema);

/** The nickname and the profile fields, checked with the sign-up rules (customer-area §5). */
export function ProfileForm({
  profile,
  onUser,
}: {
  profile: ProfileResponse['data'];
  onUser: (user: User) => void;
}) {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('profile');
  const form = useSchemaForm<ProfileValues>(
    loadSchema,
    {
      nickname: profile.nickname,
      full_name: profile.full_name,
      business_type: profile.business_type,
      country: profile.country,
      phone: profile.phone ?? '',
      messenger_type: profile.messenger_type ?? '',
      messenger_id: profile.messenger_id ?? '',
    },
    { requiredWhenEmpty: ['business_type'] },
  );
  const update = useUpdateProfile(onUser);
  const submit = form.onSubmit(async (values) => {
    try {
      const { message } = await update.mutateAsync(profileUpdateBodySchema.parse(values));
      notifySuccess(translateMessage(message));
    } catch (error) {
      showFormError(form, error);
    }
  });
  const businessTypes = BUSINESS_TYPES.map((type) => ({ value: type, label: t(`businessTypes.${type}`) }));
  const messengers = MESSENGER_TYPES.map((type) => ({ value: type, label: t(`messengers.${type}`) }));
  const countryProps = form.getInputProps('country');

  return (
    <form onSubmit={submit} {...form.formProps} aria-label={tp('details.title')}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label={t('fields.email')}
            value={profile.email}
            readOnly
            description={tp('details.emailHint')}
          />
          <TextInput
            label={t('fields.nickname')}
            autoComplete="username"
            withAsterisk
            {...form.getInputProps('nickname')}
          />
          <TextInput
            label={t('fields.fullName')}
            autoComplete="name"
            withAsterisk
            {...form.getInputProps('full_name')}
          />
          <Select
            label={t('fields.businessType')}
            placeholder={t('common.choose')}
            data={businessTypes}
            withAsterisk
            allowDeselect={false}
            {...form.getInputProps('business_type')}
            onChange={(value) => form.setFieldValue('business_type', value ?? '')}
          />
          <CountrySelect
            label={t('fields.country')}
            placeholder={t('common.search')}
            withAsterisk
            name={countryProps.name}
            error={countryProps.error}
            onBlur={countryProps.onBlur}
            value={form.values.country}
            onChange={(code) => form.setFieldValue('country', code)}
          />
          <TextInput
            label={t('fields.phone')}
            description={t('signup.phoneHint')}
            inputMode="numeric"
            autoComplete="tel"
            {...form.getInputProps('phone')}
            onChange={(event) => form.setFieldValue('phone', event.currentTarget.value.replace(/\D/g, ''))}
          />
          <Select
            label={t('fields.messengerType')}
            placeholder={t('common.choose')}
            data={messengers}
            clearable
            {...form.getInputProps('messenger_type')}
            value={form.values.messenger_type || null}
            onChange={(value) => form.setFieldValue('messenger_type', value ?? '')}
          />
          <TextInput label={t('fields.messengerId')} {...form.getInputProps('messenger_id')} />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={form.submitting}>
            {tp('details.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
