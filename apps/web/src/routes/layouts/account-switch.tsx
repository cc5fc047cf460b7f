import { useState } from 'react';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/form-modal';
import { showFormError } from '../../components/error-modal';
import { useSchemaForm } from '../../lib/use-schema-form';
import { useCan } from '../../lib/session';
import { useLoginAsUser } from '../../features/admin-users/api/login-as';

const loadSchema = () => import('../../lib/contracts').then((m) => m.changeUserAccountBodySchema);

/**
 * The side menu's account switch (customer-area §2, §4): staff allowed to log in as a user open another
 * account by its e-mail in a new tab, with the one-time code of "Log in as user" (docs/staff-tools.md); this
 * tab stays theirs. A tab opened as a user holds no staff rights, so it has no switch (its banner leads back).
 */
export function AccountSwitch() {
  const { t } = useTranslation('nav');
  const canSwitch = useCan('users.login-as');
  const [opened, setOpened] = useState(false);
  if (!canSwitch) return null;
  return (
    <>
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconUserShare size={16} />}
        onClick={() => setOpened(true)}
        mb="xs"
        fullWidth
        justify="flex-start"
        h="auto"
        py={6}
        // The label wraps: it is long in Ukrainian and Russian.
        styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
        data-testid="account-switch"
      >
        {t('switch.action')}
      </Button>
      <FormModal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('switch.title')}
        testId="account-switch-modal"
      >
        <SwitchForm onClose={() => setOpened(false)} />
      </FormModal>
    </>
  );
}

function SwitchForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('nav');
  const form = useSchemaForm<{ email: string }>(loadSchema, { email: '' });
  const loginAs = useLoginAsUser();
  const submit = form.onSubmit(async ({ email }) => {
    try {
      await loginAs.mutateAsync(email);
      onClose();
    } catch (error) {
      showFormError(form, error);
    }
  });
  return (
    <form onSubmit={submit} {...form.formProps}>
      <Stack gap="md">
        <TextInput
          label={t('switch.email')}
          description={t('switch.hint')}
          type="email"
          required
          data-autofocus
          {...form.getInputProps('email')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('switch.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('switch.open')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
