import { Textarea, TextInput } from '@mantine/core';
import type { NoticeTemplate } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formModal, ModalForm } from '../../../components/form-modal';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveNoticeTemplate } from '../api/notices';

const loadSchema = () => import('../../../lib/contracts').then((m) => m.noticeTemplateBodySchema);

/** Creates a notice template (`template` undefined) or edits one: its name and text. */
export const NoticeTemplateModal = formModal(TemplateForm, function useHeading({ template }) {
  const { t } = useTranslation('notices');
  return {
    title: template ? t('templates.editTitle', { name: template.name }) : t('templates.create'),
    testId: 'template-modal',
  };
});

function TemplateForm({ template, onClose }: { template?: NoticeTemplate; onClose: () => void }) {
  const { t } = useTranslation('notices');
  const form = useSchemaForm<{ name: string; text: string }>(loadSchema, {
    name: template?.name ?? '',
    text: template?.text ?? '',
  });
  const save = useSaveNoticeTemplate();
  return (
    <ModalForm
      form={form}
      save={(body) => save.mutateAsync({ id: template?.id, body })}
      onClose={onClose}
      submitLabel={t('templates.save')}
      submitTestId="template-save"
    >
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
    </ModalForm>
  );
}
