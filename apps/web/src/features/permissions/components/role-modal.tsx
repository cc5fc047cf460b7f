import { TextInput } from '@mantine/core';
import type { RoleRow } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formModal, ModalForm } from '../../../components/form-modal';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveRole } from '../api/roles';

const loadSchema = () => import('../../../lib/contracts').then((m) => m.roleBodySchema);

interface RoleValues extends Record<string, unknown> {
  name: string;
  guard_name: string;
}

/** Creates a role (`role` undefined) or edits one: name and guard name; a built-in role keeps its name. */
export const RoleModal = formModal(RoleForm, function useHeading({ role }) {
  const { t } = useTranslation('access');
  return {
    title: role ? t('roles.form.editTitle', { name: role.name }) : t('roles.form.createTitle'),
    testId: 'role-modal',
  };
});

function RoleForm({ role, onClose }: { role?: RoleRow; onClose: () => void }) {
  const { t } = useTranslation('access');
  const form = useSchemaForm<RoleValues>(loadSchema, {
    name: role?.name ?? '',
    guard_name: role?.guard_name ?? 'api',
  });
  const save = useSaveRole();

  return (
    <ModalForm
      form={form}
      save={(body) => save.mutateAsync({ id: role?.id, body })}
      onClose={onClose}
      submitLabel={t('form.save')}
      submitTestId="role-save"
    >
      <TextInput
        label={t('roles.form.name')}
        description={role?.builtin ? t('roles.form.nameBuiltin') : t('roles.form.nameHint')}
        required
        disabled={role?.builtin}
        data-autofocus
        data-testid="role-name"
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t('roles.form.guardName')}
        description={t('roles.form.guardNameHint')}
        required
        {...form.getInputProps('guard_name')}
      />
    </ModalForm>
  );
}
