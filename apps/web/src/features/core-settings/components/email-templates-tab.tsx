import { useState } from 'react';
import {
  Button,
  Code,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import {
  LOCALES,
  emailTemplateBodySchema,
  type EmailTemplate,
  type EmailTemplateBody,
  type RenderedMail,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/error-modal';
import { ListError } from '../../../components/paged-table';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { templatesQueryOptions, usePreviewTemplate, useSaveTemplate } from '../api/settings';

type Values = EmailTemplateBody & Record<string, unknown>;
const loadSchema = () => Promise.resolve(emailTemplateBodySchema);

/**
 * E-mail templates: every mail the system sends in the four languages, edited with `{{placeholder}}` values
 * (an unknown one is refused) and previewed with sample data as the recipient would see it.
 */
export function EmailTemplatesTab() {
  const { t } = useTranslation('settings');
  const { data, error, refetch, isPending } = useQuery(templatesQueryOptions());
  const [name, setName] = useState('verify');
  const [locale, setLocale] = useState<string>('en-US');
  if (error) return <ListError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Loader role="status" size="sm" aria-label={t('loading')} />;
  const names = [...new Set(data.data.map((row) => row.name))];
  if (names.length === 0) return <Text c="dimmed">{t('templates.empty')}</Text>;
  const template = data.data.find((row) => row.name === name && row.locale === locale);
  return (
    <Stack gap="md">
      <Group gap="md" align="flex-end" wrap="wrap">
        <Select
          label={t('templates.template')}
          data={names.map((value) => ({
            value,
            label: t(`templates.names.${value}` as 'templates.names.verify'),
          }))}
          value={name}
          onChange={(value) => value && setName(value)}
          allowDeselect={false}
          data-testid="template-name"
        />
        <Select
          label={t('templates.language')}
          data={LOCALES.map((value) => ({ value, label: t(`templates.languages.${value}`) }))}
          value={locale}
          onChange={(value) => value && setLocale(value)}
          allowDeselect={false}
          data-testid="template-locale"
        />
      </Group>
      {template ? (
        <TemplateForm
          key={`${template.name}-${template.locale}-${template.updated_at}`}
          template={template}
        />
      ) : (
        <Text c="dimmed">{t('templates.empty')}</Text>
      )}
    </Stack>
  );
}

function TemplateForm({ template }: { template: EmailTemplate }) {
  const { t } = useTranslation('settings');
  const canEdit = useCan('settings.email-templates');
  const form = useSchemaForm<Values>(loadSchema, {
    name: template.name as EmailTemplateBody['name'],
    locale: template.locale as EmailTemplateBody['locale'],
    subject: template.subject,
    body: template.body,
    action: template.action,
    footer: template.footer,
  });
  const save = useSaveTemplate();
  const preview = usePreviewTemplate();
  const [shown, setShown] = useState<RenderedMail | null>(null);

  const onSave = form.onSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(values);
      notifySuccess(translateMessage(answer.message));
    } catch (error) {
      showFormError(form, error);
    }
  });
  const onPreview = form.onSubmit(async (values) => {
    try {
      setShown((await preview.mutateAsync(values)).data);
    } catch (error) {
      showFormError(form, error);
    }
  });

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <form onSubmit={onSave} {...form.formProps}>
        <Stack gap="sm">
          <Text size="sm">
            {t('templates.placeholders')}{' '}
            {template.placeholders.map((placeholder) => (
              <Code key={placeholder} mr={4}>{`{{${placeholder}}}`}</Code>
            ))}
          </Text>
          <TextInput
            label={t('templates.subject')}
            required
            readOnly={!canEdit}
            data-testid="template-subject"
            {...form.getInputProps('subject')}
          />
          <Textarea
            label={t('templates.body')}
            description={t('templates.bodyHint')}
            required
            autosize
            minRows={5}
            maxRows={14}
            readOnly={!canEdit}
            data-testid="template-body"
            {...form.getInputProps('body')}
          />
          <TextInput
            label={t('templates.action')}
            description={t('templates.actionHint')}
            required
            readOnly={!canEdit}
            {...form.getInputProps('action')}
          />
          <Textarea
            label={t('templates.footer')}
            autosize
            minRows={2}
            maxRows={6}
            readOnly={!canEdit}
            {...form.getInputProps('footer')}
          />
          {canEdit && (
            <Group gap="sm">
              <Button
                variant="default"
                onClick={() => onPreview()}
                loading={preview.isPending}
                data-testid="template-preview"
              >
                {t('templates.preview')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="template-save">
                {t('save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
      <Paper withBorder p="md" radius="md" data-testid="template-preview-pane">
        <Title order={2} size="h5" mb="xs">
          {t('templates.previewTitle')}
        </Title>
        {shown ? (
          <Stack gap="xs">
            <Text size="sm">
              <Text span fw={600}>
                {t('templates.subject')}:
              </Text>{' '}
              <span data-testid="preview-subject">{shown.subject}</span>
            </Text>
            {/* The rendered HTML in a sandbox: no script runs and nothing reaches the page. */}
            <iframe
              title={t('templates.previewFrame')}
              sandbox=""
              srcDoc={shown.html}
              style={{ width: '100%', minHeight: 260, border: 0, background: 'white' }}
              data-testid="preview-frame"
            />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('templates.previewEmpty')}
          </Text>
        )}
      </Paper>
    </SimpleGrid>
  );
}
