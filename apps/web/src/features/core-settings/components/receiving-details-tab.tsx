import { Button, Fieldset, Group, Loader, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import {
  PAYMENT_SYSTEMS,
  receivingSettingsBodySchema,
  type ReceivingSettings,
  type ReceivingSettingsBody,
  type TransferPaysystemId,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/error-modal';
import { ListError } from '../../../components/paged-table';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import '../../../lib/transfer-payment-messages';
import { useSchemaForm, type FormSchema } from '../../../lib/use-schema-form';
import { receivingQueryOptions, useSaveReceiving } from '../api/settings';

const SYSTEM_NAMES = {
  [PAYMENT_SYSTEMS.bankTransfer]: 'receiving.systems.3',
  [PAYMENT_SYSTEMS.wise]: 'receiving.systems.36',
  [PAYMENT_SYSTEMS.payoneer]: 'receiving.systems.19',
} as const;

const FIELDS = ['beneficiary', 'bank_name', 'account', 'swift', 'routing', 'bank_address'] as const;

/** The form's values, flat: `expiry_days` and `systems.{index}.{field}`, the paths of the schema's errors. */
type Values = Record<string, string>;

const toValues = (settings: ReceivingSettings): Values =>
  Object.fromEntries([
    ['expiry_days', String(settings.expiry_days)],
    ...settings.systems.flatMap((system, index) =>
      FIELDS.map((field) => [`systems.${index}.${field}`, system[field]]),
    ),
  ]);

const toBody = (values: Values, settings: ReceivingSettings): ReceivingSettingsBody => ({
  expiry_days: values.expiry_days!,
  systems: settings.systems.map((system, index) => ({
    paysystem_id: system.paysystem_id as ReceivingSettingsBody['systems'][number]['paysystem_id'],
    ...Object.fromEntries(FIELDS.map((field) => [field, values[`systems.${index}.${field}`] ?? ''])),
  })) as ReceivingSettingsBody['systems'],
});

/**
 * Our receiving accounts for bank transfer, Wise and Payoneer (a system is offered to customers once its
 * beneficiary and account are filled) and the days a transfer payment waits before it is canceled.
 */
export function ReceivingDetailsTab() {
  const { t } = useTranslation('settings');
  const { data, error, refetch, isPending } = useQuery(receivingQueryOptions());
  if (error) return <ListError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Loader role="status" size="sm" aria-label={t('loading')} />;
  return (
    <Stack gap="md" maw={960}>
      <Text size="sm" c="dimmed">
        {t('receiving.hint')}
      </Text>
      <ReceivingForm key={JSON.stringify(data.data)} settings={data.data} />
    </Stack>
  );
}

function ReceivingForm({ settings }: { settings: ReceivingSettings }) {
  const { t } = useTranslation('settings');
  const canEdit = useCan('settings.paysystems');
  // The flat values are validated as the body the server takes, so the issues' paths are the fields' names.
  const loadSchema = () =>
    Promise.resolve<FormSchema>({
      '~standard': {
        validate: (values) =>
          receivingSettingsBodySchema['~standard'].validate(toBody(values as Values, settings)),
      },
    });
  const form = useSchemaForm<Values>(loadSchema, toValues(settings));
  const save = useSaveReceiving();
  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync(toBody(values, settings));
      notifySuccess(translateMessage(answer.message ?? ''));
    } catch (error) {
      showFormError(form, error);
    }
  });
  return (
    <form onSubmit={submit} {...form.formProps}>
      <Stack gap="md">
        <TextInput
          label={t('receiving.expiryDays')}
          description={t('receiving.expiryDaysHint')}
          inputMode="numeric"
          maw={240}
          readOnly={!canEdit}
          data-testid="receiving-expiry-days"
          {...form.getInputProps('expiry_days')}
        />
        {settings.systems.map((system, index) => {
          const group = system.paysystem_id === PAYMENT_SYSTEMS.bankTransfer ? 'bank' : 'account';
          const input = (field: (typeof FIELDS)[number]) => ({
            label: t(`receiving.fields.${group}.${field}`),
            readOnly: !canEdit,
            'data-testid': `receiving-${system.paysystem_id}-${field}`,
            ...form.getInputProps(`systems.${index}.${field}`),
          });
          return (
            <Fieldset
              key={system.paysystem_id}
              legend={t(SYSTEM_NAMES[system.paysystem_id as TransferPaysystemId])}
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                {FIELDS.filter((field) => field !== 'bank_address').map((field) => (
                  <TextInput key={field} {...input(field)} />
                ))}
              </SimpleGrid>
              <Textarea mt="sm" autosize minRows={2} {...input('bank_address')} />
            </Fieldset>
          );
        })}
        {canEdit && (
          <Group>
            <Button type="submit" loading={form.submitting} data-testid="receiving-save">
              {t('save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
