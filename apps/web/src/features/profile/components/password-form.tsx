import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { changePasswordBodySchema, type ChangePasswordBody } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { PasswordField } from '../../../components/password-field';
import { showFormError } from '../../../components/error-modal';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useChangePassword } from '../api/profile';

const loadSchema = () => Promise.resolve(changePasswordBodySchema);
const EMPTY: ChangePasswordBody = {
  current_password: '',
  password: '',
  password_confirmation: '',
  sign_out_everywhere: true,
};

/** Change the password while signed in: the current one, then a new one with the strength meter. */
export function PasswordForm() {
  // A changed password empties the form: a new one, rather than fields cleared one by one and re-checked.
  const [round, setRound] = useState(0);
  return <PasswordFields key={round} onChanged={() => setRound((value) => value + 1)} />;
}

function PasswordFields({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('profile');
  const form = useSchemaForm<ChangePasswordBody>(loadSchema, EMPTY);
  const change = useChangePassword();
  const submit = form.onSubmit(async (values) => {
    try {
      const { message } = await change.mutateAsync(values);
      notifySuccess(translateMessage(message));
      onChanged();
    } catch (error) {
      showFormError(form, error);
    }
  });
  return (
    <form onSubmit={submit} {...form.formProps} aria-label={tp('password.title')}>
      <Stack gap="md" maw={420}>
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          {tp('password.note')}
        </Alert>
        <PasswordField
          label={tp('password.current')}
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('current_password')}
        />
        <NewPasswordFields form={form} label={t('fields.newPassword')} />
        <Checkbox
          label={tp('password.signOutEverywhere')}
          description={tp('password.signOutEverywhereHint')}
          {...form.getCheckboxProps('sign_out_everywhere')}
        />
        <Group>
          <Button type="submit" loading={form.submitting}>
            {tp('password.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
