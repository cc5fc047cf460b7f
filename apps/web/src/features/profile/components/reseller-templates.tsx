import { useState } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  Group,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import {
  fillResellerTemplate,
  resellerTemplateBodySchema,
  type ResellerTemplate,
  type ResellerTemplateKey,
  type ResellerTemplateKinds,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal';
import { showApiError, showFormError } from '../../../components/error-modal';
import { errorText, translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  myTemplatesQueryOptions,
  templateKindsQueryOptions,
  useSaveTemplate,
} from '../api/reseller-templates';

const loadSchema = () => Promise.resolve(resellerTemplateBodySchema);
type Values = { key: ResellerTemplateKey; subject: string; body: string };

/**
 * E-mail templates (customer-area §7): the texts a reseller sends their own clients, with placeholders and a
 * live preview filled with sample values. Shown to everyone; only a user on a reseller plan can change them.
 */
export function ResellerTemplates() {
  const { t } = useTranslation('profile');
  const kinds = useQuery(templateKindsQueryOptions());
  const mine = useQuery(myTemplatesQueryOptions());
  const [key, setKey] = useState<ResellerTemplateKey>('order_confirmation');
  const error = kinds.error ?? mine.error;
  if (error)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
        {errorText(error)}
      </Alert>
    );
  if (!kinds.data || !mine.data) return <Skeleton h={360} radius="md" />;
  const kind = kinds.data.find((row) => row.key === key)!;
  const template = mine.data.data.find((row) => row.key === key)!;
  return (
    <Stack gap="lg">
      {!mine.data.editable && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="templates-reseller-only">
          {t('templates.resellerOnly')}{' '}
          <Anchor component={Link} to="/resellers-program" inherit>
            {t('templates.resellerLink')}
          </Anchor>
        </Alert>
      )}
      <SegmentedControl
        value={key}
        onChange={(value) => setKey(value as ResellerTemplateKey)}
        data={kinds.data.map((row) => ({ value: row.key, label: t(`templates.kinds.${row.key}`) }))}
        aria-label={t('templates.kindLabel')}
        fullWidth
      />
      {/* A new form per kind and per saved version, so it starts from what the server has. */}
      <TemplateForm
        key={`${key}:${template.updated_at ?? 'default'}`}
        kind={kind}
        template={template}
        editable={mine.data.editable}
      />
    </Stack>
  );
}

function TemplateForm({
  kind,
  template,
  editable,
}: {
  kind: ResellerTemplateKinds[number];
  template: ResellerTemplate;
  editable: boolean;
}) {
  const { t } = useTranslation('profile');
  const form = useSchemaForm<Values>(loadSchema, {
    key: template.key,
    subject: template.subject,
    body: template.body,
  });
  const save = useSaveTemplate();
  const [confirmReset, setConfirmReset] = useState(false);
  const samples = Object.fromEntries(kind.placeholders.map((row) => [row.name, row.sample]));
  const submit = form.onSubmit(async (values) => {
    try {
      notifySuccess(translateMessage((await save.mutateAsync(values)).message));
    } catch (failure) {
      showFormError(form, failure);
    }
  });

  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
      <Card withBorder radius="lg" padding="lg">
        <form onSubmit={submit} {...form.formProps}>
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={2} fz="lg">
                {t(`templates.kinds.${kind.key}`)}
              </Title>
              <Badge variant="light" color={template.is_default ? 'gray' : 'green'}>
                {template.is_default ? t('templates.default') : t('templates.custom')}
              </Badge>
            </Group>
            <TextInput
              label={t('templates.subject')}
              required
              readOnly={!editable}
              data-testid="template-subject"
              {...form.getInputProps('subject')}
            />
            <Textarea
              label={t('templates.body')}
              required
              readOnly={!editable}
              autosize
              minRows={8}
              maxRows={20}
              data-testid="template-body"
              {...form.getInputProps('body')}
            />
            <div>
              <Text size="sm" fw={500} mb={4}>
                {t('templates.placeholders')}
              </Text>
              <Group gap={6}>
                {kind.placeholders.map((row) => (
                  <Code key={row.name}>{`{{${row.name}}}`}</Code>
                ))}
              </Group>
            </div>
            {editable && (
              <Group justify="flex-end" gap="sm">
                <Button
                  variant="default"
                  disabled={template.is_default}
                  onClick={() => setConfirmReset(true)}
                  data-testid="template-reset"
                >
                  {t('templates.reset')}
                </Button>
                <Button type="submit" loading={form.submitting} data-testid="template-save">
                  {t('templates.save')}
                </Button>
              </Group>
            )}
          </Stack>
        </form>
      </Card>
      <Card withBorder radius="lg" padding="lg" component="section" aria-label={t('templates.preview')}>
        <Stack gap="sm">
          <Title order={2} fz="lg">
            {t('templates.preview')}
          </Title>
          <Text size="xs" c="dimmed">
            {t('templates.previewHint')}
          </Text>
          {/* Text nodes only: whatever the template holds is shown, never interpreted as HTML. */}
          <Text fw={600} data-testid="template-preview-subject">
            {fillResellerTemplate(form.values.subject, samples)}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="template-preview-body">
            {fillResellerTemplate(form.values.body, samples)}
          </Text>
        </Stack>
      </Card>
      <ConfirmModal
        opened={confirmReset}
        title={t('templates.resetTitle')}
        confirmLabel={t('templates.reset')}
        loading={save.isPending}
        onClose={() => setConfirmReset(false)}
        onConfirm={() =>
          save.mutate(
            { key: kind.key, reset: true },
            {
              onSuccess: (answer) => {
                setConfirmReset(false);
                notifySuccess(translateMessage(answer.message));
              },
              onError: (failure) => {
                setConfirmReset(false);
                showApiError(failure);
              },
            },
          )
        }
      >
        {t('templates.resetText')}
      </ConfirmModal>
    </SimpleGrid>
  );
}
