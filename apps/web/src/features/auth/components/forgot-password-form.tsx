import { useState } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import type { EmailBody } from '@storelift/shared';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../../components/notice';
import { showFormError } from '../../../components/error-modal';
import { translateMessage } from '../../../lib/messages';
import { useSchemaForm } from '../../../lib/use-schema-form';
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
        <form onSubmit={submit} {...form.formProps}>
          <Stack gap="md">
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              withAsterisk
              {...form.getInputProps('email')}
            />
            <Button type="submit" fullWidth loading={form.submitting}>
              {t('forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Text size="sm" ta="center">
        <Anchor component={Link} to="/login">
          {t('forgot.back')}
        </Anchor>
      </Text>
    </Stack>
  );
}
