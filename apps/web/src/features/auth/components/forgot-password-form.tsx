import { useState } from 'react';
import { Stack } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import type { EmailBody } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
import { showFormError } from '../../../components/error-modal';
import { translateMessage } from '../../../lib/messages';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { AuthForm, BackToLogin, EmailField } from './auth-form';
import { FormHeading } from './form-heading';

const loadAuth = () => import('../api/sign-in');

/** Asks for a password reset link by e-mail. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const form = useSchemaForm<EmailBody>(() => loadAuth().then((m) => m.emailBodySchema), { email: '' });
  const [sent, setSent] = useState<string | null>(null);

  const submit = form.onSubmit(async (values) => {
    try {
      const { message } = await (await loadAuth()).forgotPassword(values);
      setSent(translateMessage(message));
    } catch (error) {
      showFormError(form, error);
    }
  });

  return (
    <Stack gap="lg">
      <FormHeading title={t('forgot.title')} lead={t('forgot.subtitle')} />
      {sent ? (
        <Notice color="teal" icon={<IconMailCheck size={18} />} role="status">
          {sent}
        </Notice>
      ) : (
        <AuthForm form={form} onSubmit={submit} submitLabel={t('forgot.submit')}>
          <EmailField {...form.getInputProps('email')} />
        </AuthForm>
      )}
      <BackToLogin />
    </Stack>
  );
}
