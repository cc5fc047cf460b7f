import type { ReactNode } from 'react';
import { Anchor, Checkbox, Divider, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/error-modal';
import { currentLocale } from '../../../lib/i18n';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { AuthForm, EmailField } from './auth-form';
import { FormHeading } from './form-heading';
import { AccountFields, type AccountValues } from '../../../components/account-fields';
import { NewPasswordFields } from '../../../components/new-password-fields';

const loadAuth = () => import('../api/sign-in');

type SignupValues = AccountValues & {
  email: string;
  password: string;
  password_confirmation: string;
  nickname: string;
  terms: boolean;
  adult: boolean;
  ref: string;
  locale: string;
};

/** The terms link inside the translated checkbox label (`<terms>` in the text; `<link>` is a void HTML tag). */
function TermsLink({ children }: { children?: ReactNode }) {
  return (
    <Anchor component={Link} to="/terms" target="_blank" inherit>
      {children}
    </Anchor>
  );
}

/** Registration with every field of customer-area §5; `ref` comes from the link, `locale` from the UI. */
export function SignupForm({
  refCode,
  email,
  onRegistered,
}: {
  refCode?: string;
  email?: string;
  onRegistered: () => void;
}) {
  const { t } = useTranslation();
  const form = useSchemaForm<SignupValues>(
    () => loadAuth().then((m) => m.registerBodySchema),
    {
      email: email ?? '',
      password: '',
      password_confirmation: '',
      nickname: '',
      full_name: '',
      business_type: '',
      country: '',
      phone: '',
      messenger_type: '',
      messenger_id: '',
      terms: false,
      adult: false,
      ref: refCode ?? '',
      locale: currentLocale(),
    },
    { requiredWhenEmpty: ['business_type'] },
  );

  const submit = form.onSubmit(async (values) => {
    try {
      const { register, registerBodySchema } = await loadAuth();
      const { message } = await register(registerBodySchema.parse({ ...values, locale: currentLocale() }));
      notifySuccess(translateMessage(message), t('signup.successTitle'));
      onRegistered();
    } catch (error) {
      showFormError(form, error);
    }
  });

  return (
    <Stack gap="lg">
      <FormHeading title={t('signup.title')} lead={t('signup.subtitle')} />
      <AuthForm form={form} onSubmit={submit} submitLabel={t('signup.submit')}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <EmailField {...form.getInputProps('email')} />
          <TextInput
            label={t('fields.nickname')}
            autoComplete="username"
            withAsterisk
            {...form.getInputProps('nickname')}
          />
          <NewPasswordFields form={form} label={t('fields.password')} />
          <AccountFields form={form} />
        </SimpleGrid>

        <Divider />
        <Checkbox
          label={<Trans i18nKey="signup.terms" components={{ terms: <TermsLink /> }} />}
          {...form.getCheckboxProps('terms')}
        />
        <Checkbox label={t('signup.adult')} {...form.getCheckboxProps('adult')} />
        {form.values.ref && (
          <Text size="xs" c="dimmed">
            {t('signup.referred', { ref: form.values.ref })}
          </Text>
        )}
      </AuthForm>
      <Text size="sm" ta="center">
        {t('signup.haveAccount')}{' '}
        <Anchor component={Link} to="/login" fw={600}>
          {t('signup.signIn')}
        </Anchor>
      </Text>
    </Stack>
  );
}
