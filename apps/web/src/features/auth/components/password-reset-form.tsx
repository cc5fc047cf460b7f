import { useState } from 'react';
import { Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { PasswordResetStoreBody } from '@storelift/shared';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
import { ApiError } from '../../../lib/api';
import { errorText, translateMessage } from '../../../lib/messages';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { applyServerErrors, useSchemaForm } from '../../../lib/use-schema-form';
import { AuthForm, BackToLogin, EmailField } from './auth-form';
import { FormHeading } from './form-heading';
import { NewPasswordFields } from '../../../components/new-password-fields';

const loadAuth = () => import('../api/sign-in');

/** Sets a new password from the e-mailed link (`token` and `email` come from its query). */
export function PasswordResetForm({
  token,
  email,
  onDone,
}: {
  token?: string;
  email?: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  // Loads the `messages` namespace: a link without a token is explained at once.
  const { t: tm } = useTranslation('messages');
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const missingToken = token ? null : tm('tokenInvalid');
  const form = useSchemaForm<PasswordResetStoreBody>(
    () => loadAuth().then((m) => m.passwordResetStoreBodySchema),
    {
      email: email ?? '',
      token: token ?? '',
      password: '',
      password_confirmation: '',
    },
  );

  const submit = form.onSubmit(async (values) => {
    try {
      const { message } = await (await loadAuth()).resetPassword(values);
      notifySuccess(translateMessage(message));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.status === 422 && error.errors) {
        const rest = applyServerErrors(form, error);
        const tokenMessage = error.errors.token?.[0];
        // The token is not a visible field: a bad link is explained above the form.
        if (tokenMessage) return setLinkProblem(translateMessage(tokenMessage));
        if (rest.length > 0) setLinkProblem(rest.join(' '));
        return;
      }
      notifyError(errorText(error));
    }
  });
  const tokenError = form.errors.token;

  return (
    <Stack gap="lg">
      <FormHeading title={t('reset.title')} lead={t('reset.subtitle')} />
      {(linkProblem || tokenError || missingToken) && (
        <Notice color="red" icon={<IconAlertTriangle size={18} />} role="alert">
          <Stack gap={6} align="flex-start">
            <Text size="sm">{linkProblem ?? (tokenError ? translateMessage(tokenError) : missingToken)}</Text>
            <Anchor component={Link} to="/forgot-password" size="sm" fw={600}>
              {t('reset.requestNew')}
            </Anchor>
          </Stack>
        </Notice>
      )}
      <AuthForm form={form} onSubmit={submit} submitLabel={t('reset.submit')}>
        <EmailField readOnly={Boolean(email)} {...form.getInputProps('email')} />
        <NewPasswordFields form={form} label={t('fields.newPassword')} />
      </AuthForm>
      <BackToLogin />
    </Stack>
  );
}
