import { Checkbox, NumberInput, SimpleGrid, TextInput } from '@mantine/core';
import { WEBHOOK_EVENTS, WEBHOOK_LIMITS, type WebhookEndpointCreated } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formModal, ModalForm } from '../../../components/form-modal';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useCreateWebhook } from '../api/webhooks';

const loadSchema = () => import('../../../lib/contracts').then((m) => m.webhookEndpointBodySchema);
type Values = { url: string; events: string[]; rank_threshold: number };

/** Registers a webhook endpoint: its public URL, the events it takes and the rank-change threshold. */
export const EndpointModal = formModal(EndpointForm, function useHeading() {
  const { t } = useTranslation('webhooks');
  return { title: t('form.title'), testId: 'webhook-modal' };
});

function EndpointForm({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (created: WebhookEndpointCreated) => void;
}) {
  const { t } = useTranslation('webhooks');
  const form = useSchemaForm<Values>(loadSchema, { url: '', events: [...WEBHOOK_EVENTS], rank_threshold: 5 });
  const create = useCreateWebhook();
  const events = form.getInputProps('events');
  return (
    <ModalForm
      form={form}
      save={async (values) =>
        onCreated(await create.mutateAsync(values as Parameters<typeof create.mutateAsync>[0]))
      }
      onClose={onClose}
      submitLabel={t('form.save')}
      submitTestId="webhook-save"
    >
      <TextInput
        label={t('form.url')}
        description={t('form.urlHint')}
        placeholder="https://example.com/storelift"
        required
        data-autofocus
        data-testid="webhook-url"
        {...form.getInputProps('url')}
      />
      <Checkbox.Group
        label={t('form.events')}
        value={events.value}
        onChange={(value) => events.onChange(value)}
        error={events.error}
        required
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
          {WEBHOOK_EVENTS.map((event) => (
            <Checkbox key={event} value={event} label={t(`events.${event}`)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      <NumberInput
        label={t('form.rankThreshold')}
        description={t('form.rankThresholdHint')}
        min={1}
        max={WEBHOOK_LIMITS.rankThresholdMax}
        allowDecimal={false}
        {...form.getInputProps('rank_threshold')}
      />
    </ModalForm>
  );
}
