import { Button, Divider, Group, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { profileUpdateBodySchema, type ProfileResponse, type User } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { AccountFields, type AccountValues } from '../../../components/account-fields';
import { showFormError } from '../../../components/error-modal';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useUpdateProfile } from '../api/profile';

type ProfileValues = AccountValues & {
  nickname: string;
  company: string;
  address: string;
  vat_id: string;
};

const loadSchema = () => Promise.resolve(profileUpdateBodySchema);

/**
 * The nickname and the profile fields, checked with the sign-up rules (customer-area §5), and the invoice
 * details printed under the name on the user's invoices.
 */
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
      company: profile.company ?? '',
      address: profile.address ?? '',
      vat_id: profile.vat_id ?? '',
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
          <AccountFields form={form} />
        </SimpleGrid>
        <Divider />
        <div>
          <Title order={3} fz="md">
            {tp('invoice.title')}
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            {tp('invoice.hint')}
          </Text>
        </div>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label={tp('invoice.company')}
            autoComplete="organization"
            {...form.getInputProps('company')}
          />
          <TextInput
            label={tp('invoice.vatId')}
            description={tp('invoice.vatIdHint')}
            autoComplete="off"
            {...form.getInputProps('vat_id')}
          />
        </SimpleGrid>
        <Textarea
          label={tp('invoice.address')}
          description={tp('invoice.addressHint')}
          autoComplete="street-address"
          autosize
          minRows={3}
          maxRows={6}
          {...form.getInputProps('address')}
        />
        <Group>
          <Button type="submit" loading={form.submitting}>
            {tp('details.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
