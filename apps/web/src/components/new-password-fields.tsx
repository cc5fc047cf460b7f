import { useTranslation } from 'react-i18next';
import { PasswordField } from './password-field';
import { PasswordMeter } from './password-meter';
import type { SchemaForm } from '../lib/use-schema-form';

interface NewPasswordValues extends Record<string, unknown> {
  password: string;
  password_confirmation: string;
}

/** A new password with the five-check strength meter, then its confirmation (sign-up, reset, My profile). */
export function NewPasswordFields<Values extends NewPasswordValues>({
  form,
  label,
}: {
  form: SchemaForm<Values>;
  label: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div>
        <PasswordField
          label={label}
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <PasswordMeter value={form.values.password} />
      </div>
      <PasswordField
        label={t('fields.passwordConfirmation')}
        autoComplete="new-password"
        withAsterisk
        {...form.getInputProps('password_confirmation')}
      />
    </>
  );
}
