import type { FormEvent, ReactNode } from 'react';
import { Anchor, Button, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import type { SchemaForm } from '../../../lib/use-schema-form';

/** A sign-in page's form: its fields, then the full-width submit button. */
export function AuthForm<Values extends Record<string, unknown>>({
  form,
  onSubmit,
  submitLabel,
  children,
}: {
  form: SchemaForm<Values>;
  onSubmit: (event?: FormEvent) => void;
  submitLabel: string;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} {...form.formProps}>
      <Stack gap="md">
        {children}
        <Button type="submit" fullWidth loading={form.submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}

/** The e-mail field of the sign-in forms (pass the form's input props for `email`). */
export function EmailField(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput label={t('fields.email')} type="email" autoComplete="email" withAsterisk {...props} />;
}

/** The link back to the login page under the password forms. */
export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Text size="sm" ta="center">
      <Anchor component={Link} to="/login">
        {t('forgot.back')}
      </Anchor>
    </Text>
  );
}
