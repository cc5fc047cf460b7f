import { Select, TextInput } from '@mantine/core';
import type { PermissionFunction, PermissionModule } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formModal, ModalForm } from '../../../components/form-modal';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { allModulesQueryOptions, useSaveFunction, useSaveModule } from '../api/catalog';

interface EntryValues extends Record<string, unknown> {
  name: string;
  namespace: string;
  permission_name: string;
  /** A function's module id ('' until chosen); modules have none. */
  module_id: string;
}

type Entry = { kind: 'module'; entry?: PermissionModule } | { kind: 'function'; entry?: PermissionFunction };

const loadModuleSchema = () => import('../../../lib/contracts').then((m) => m.moduleBodySchema);
const loadFunctionSchema = () => import('../../../lib/contracts').then((m) => m.functionBodySchema);

/**
 * Creates or edits a module or a function (staff-admin §3: name, namespace, permission name; a function's
 * module). A built-in one keeps its permission name: the server checks it by that name.
 */
export const CatalogModal = formModal(CatalogForm, function useHeading(target) {
  const { t } = useTranslation('access');
  return {
    title: target.entry
      ? t(`${target.kind}s.form.editTitle`, { name: target.entry.name })
      : t(`${target.kind}s.form.createTitle`),
    testId: `${target.kind}-modal`,
  };
});

function CatalogForm({ onClose, ...target }: Entry & { onClose: () => void }) {
  const { t } = useTranslation('access');
  const isFunction = target.kind === 'function';
  const entry = target.entry;
  const form = useSchemaForm<EntryValues>(
    isFunction ? loadFunctionSchema : loadModuleSchema,
    {
      name: entry?.name ?? '',
      namespace: entry?.namespace ?? (isFunction ? '' : 'admin'),
      permission_name: entry?.permission_name ?? '',
      module_id: target.kind === 'function' && target.entry ? String(target.entry.module.id) : '',
    },
    { requiredWhenEmpty: ['module_id'] },
  );
  const modules = useQuery({ ...allModulesQueryOptions(), enabled: isFunction });
  const saveModule = useSaveModule();
  const saveFunction = useSaveFunction();

  return (
    <ModalForm
      form={form}
      save={({ module_id, ...values }) =>
        isFunction
          ? saveFunction.mutateAsync({ id: entry?.id, body: { ...values, module_id: Number(module_id) } })
          : saveModule.mutateAsync({ id: entry?.id, body: values })
      }
      onClose={onClose}
      submitLabel={t('form.save')}
      submitTestId="entry-save"
    >
      <TextInput
        label={t('form.name')}
        required
        data-autofocus
        data-testid="entry-name"
        {...form.getInputProps('name')}
      />
      {isFunction && (
        <Select
          label={t('functions.form.module')}
          placeholder={t('functions.form.modulePlaceholder')}
          data={(modules.data?.data ?? []).map((module) => ({
            value: String(module.id),
            label: module.name,
          }))}
          searchable
          required
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('module_id')}
        />
      )}
      <TextInput
        label={t('form.namespace')}
        description={t('form.namespaceHint')}
        required
        {...form.getInputProps('namespace')}
      />
      <TextInput
        label={t('form.permissionName')}
        description={entry?.builtin ? t('form.permissionNameBuiltin') : t('form.permissionNameHint')}
        required
        disabled={entry?.builtin}
        data-testid="entry-permission"
        {...form.getInputProps('permission_name')}
      />
    </ModalForm>
  );
}
