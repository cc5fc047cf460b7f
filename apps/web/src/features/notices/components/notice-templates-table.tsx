import { useState } from 'react';
import { Button, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NoticeTemplate } from '@storelift/shared';
import { useConfirmRow } from '../../../components/confirm-row-action';
import { RowMenu } from '../../../components/row-menu';
import { showFormError } from '../../../components/error-modal';
import { FormModal } from '../../../components/form-modal';
import { dateColumn, StaffList, useServerList } from '../../../components/staff-list';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { noticeTemplatesQueryOptions, useDeleteNoticeTemplate, useSaveNoticeTemplate } from '../api/notices';

/** Notice templates (staff-admin §7): texts staff pick when they send a notice; create, edit, delete. */
export function NoticeTemplatesTable() {
  const { t } = useTranslation('notices');
  const list = useServerList({
    filters: {},
    queryOptions: ({ page, limit }) => noticeTemplatesQueryOptions(page, limit),
  });
  const [editing, setEditing] = useState<{ template?: NoticeTemplate } | null>(null);
  const remove = useDeleteNoticeTemplate();
  const deleting = useConfirmRow(remove, (template: NoticeTemplate) => ({
    title: t('templates.deleteTitle', { name: template.name }),
    text: t('templates.deleteText'),
    confirmLabel: t('templates.delete'),
  }));
  return (
    <StaffList<NoticeTemplate>
      title={t('templates.title')}
      subtitle={t('templates.subtitle')}
      create={{ label: t('templates.create'), onClick: () => setEditing({}), testId: 'template-create' }}
      list={list}
      empty={t('templates.empty')}
      columns={[
        { accessor: 'name', title: t('templates.name') },
        {
          accessor: 'text',
          title: t('templates.text'),
          render: (row) => (
            <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-wrap' }}>
              {row.text}
            </Text>
          ),
        },
        dateColumn('updated_at', t('templates.updated'), { time: true }),
      ]}
      rowActions={{
        label: t('templates.actions'),
        render: (row) => (
          <RowMenu
            label={t('templates.menu', { name: row.name })}
            items={[
              { label: t('templates.edit'), onClick: () => setEditing({ template: row }) },
              { label: t('templates.delete'), danger: true, onClick: () => deleting.ask(row) },
            ]}
          />
        ),
      }}
    >
      <FormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing?.template
            ? t('templates.editTitle', { name: editing.template.name })
            : t('templates.create')
        }
        testId="template-modal"
      >
        <TemplateForm template={editing?.template} onClose={() => setEditing(null)} />
      </FormModal>
      {deleting.dialog}
    </StaffList>
  );
}

const loadSchema = () => import('../../../lib/contracts').then((m) => m.noticeTemplateBodySchema);

function TemplateForm({ template, onClose }: { template?: NoticeTemplate; onClose: () => void }) {
  const { t } = useTranslation('notices');
  const form = useSchemaForm<{ name: string; text: string }>(loadSchema, {
    name: template?.name ?? '',
    text: template?.text ?? '',
  });
  const save = useSaveNoticeTemplate();
  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync({ id: template?.id, body: values });
      notifySuccess(translateMessage(answer.message));
      onClose();
    } catch (error) {
      showFormError(form, error);
    }
  });
  return (
    <form onSubmit={submit} {...form.formProps}>
      <Stack gap="md">
        <TextInput
          label={t('templates.name')}
          required
          data-autofocus
          data-testid="template-name"
          {...form.getInputProps('name')}
        />
        <Textarea
          label={t('templates.text')}
          required
          autosize
          minRows={4}
          maxRows={12}
          data-testid="template-text"
          {...form.getInputProps('text')}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('templates.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} data-testid="template-save">
            {t('templates.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
