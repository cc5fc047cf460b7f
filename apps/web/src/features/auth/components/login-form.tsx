import { useState } from 'react';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import type { LoginBody } from '@storelift/shared';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import { Notice } from '../../../components/notice';
import { showFormError } from '../../../components/error-modal';
import { ApiError, isUnverified } from '../../../lib/api';
import { errorText, messageText, translateMessage } from '../../../lib/messages';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { AuthForm, EmailField } from './auth-form';
import { FormHeading } from './form-heading';

const loadAuth = () => import('../api/sign-in');

type Problem = { kind: 'unverified'; email: string } | null;
/** The form's fields: the code stays empty (not sent) unless the second factor is asked for. */
type LoginValues = Required<Record<keyof LoginBody, string>>;

/**
 * Sign-in: e-mail and password, with the "not activated" re-send of customer-area §8 (a 503 goes to /503), and
 * the code field once the server asks for the second factor.
 */
export function LoginForm({ verified, onSignedIn }: { verified?: string; onSignedIn: () => void }) {
  const { t } = useTranslation();
  const form = useSchemaForm<LoginValues>(() => loadAuth().then((m) => m.loginBodySchema), {
    email: '',
    password: '',
    code: '',
  });
  const [problem, setProblem] = useState<Problem>(null);
  // Shown once the server says this account signs in with a second factor.
  const [askCode, setAskCode] = useState(false);
  const [resending, setResending] = useState(false);

  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    try {
      await (await loadAuth()).login(values);
      notifySuccess(t('login.success'));
      onSignedIn();
    } catch (error) {
      if (!(error instanceof ApiError)) return notifyError(errorText(error));
      if (isUnverified(error)) return setProblem({ kind: 'unverified', email: values.email });
      // A 503 (maintenance) has taken the app to /503 already (lib/api.ts).
      if (error.status === 503) return;
      const codeMessage = error.errors?.code?.[0];
      if (codeMessage !== undefined && !askCode) {
        // The server asks for the second factor: the code field appears with its message, no error modal.
        setAskCode(true);
        return form.setFieldError('code', codeMessage);
      }
      showFormError(form, error);
    }
  });

  const resendVerification = async (email: string) => {
    setResending(true);
    try {
      const { message } = await (await loadAuth()).resendVerification({ email });
      notifySuccess(translateMessage(message));
    } catch (error) {
      notifyError(errorText(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <Stack gap="lg">
      <FormHeading title={t('login.title')} lead={t('login.subtitle')} />

      {verified === '1' && (
        <Notice color="teal" icon={<IconCircleCheck size={18} />} testId="verified-notice">
          {t('login.verified')}
        </Notice>
      )}
      {verified === '0' && (
        <Notice color="red" icon={<IconAlertTriangle size={18} />} testId="verified-notice">
          {t('login.verifyFailed')}
        </Notice>
      )}
      {problem?.kind === 'unverified' && (
        <Notice color="yellow" icon={<IconInfoCircle size={18} />} role="alert">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{messageText('notActivated')}</Text>
            <Button
              size="xs"
              variant="light"
              color="yellow"
              loading={resending}
              onClick={() => void resendVerification(problem.email)}
            >
              {t('login.resend')}
            </Button>
          </Stack>
        </Notice>
      )}

      <AuthForm form={form} onSubmit={submit} submitLabel={t('login.submit')}>
        <EmailField placeholder="you@example.com" {...form.getInputProps('email')} />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        {askCode && (
          <TextInput
            label={t('login.code')}
            description={t('login.codeHint')}
            autoComplete="one-time-code"
            withAsterisk
            data-autofocus
            {...form.getInputProps('code')}
          />
        )}
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to="/forgot-password" size="sm">
            {t('login.forgot')}
          </Anchor>
        </Group>
      </AuthForm>

      <Text size="sm" ta="center">
        {t('login.noAccount')}{' '}
        <Anchor component={Link} to="/signup" fw={600}>
          {t('login.signUp')}
        </Anchor>
      </Text>
    </Stack>
  );
}
