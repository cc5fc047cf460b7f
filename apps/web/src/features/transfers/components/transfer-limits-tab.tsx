import { Button, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { transferSettingsBodySchema } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/error-modal';
import { ListError } from '../../../components/paged-table';
import '../../../lib/transfer-messages';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { transferSettingsQueryOptions, useSaveTransferSettings } from '../api/transfers';

interface Values extends Record<string, unknown> {
  max_amount: string;
  daily_limit: string;
}
const loadSchema = () => Promise.resolve(transferSettingsBodySchema);
/** "5000.0000" as staff type it: "5000", "12.5". */
const typed = (money: string) => money.replace(/\.?0+$/, '');

/** The core settings' limits of transfers between accounts: per transfer and per day (UTC) per sender. */
export function TransferLimitsTab() {
  const { t } = useTranslation('settings');
  const { data, error, refetch, isPending } = useQuery(transferSettingsQueryOptions());
  if (error) return <ListError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Loader role="status" size="sm" aria-label={t('loading')} />;
  return (
    <Stack gap="md" maw={640}>
      <Text size="sm" c="dimmed">
        {t('transfers.hint')}
      </Text>
      <LimitsForm key={`${data.data.max_amount}/${data.data.daily_limit}`} initial={data.data} />
    </Stack>
  );
}

function LimitsForm({ initial }: { initial: { max_amount: string; daily_limit: string } }) {
  const { t } = useTranslation('settings');
  const canEdit = useCan('settings.transfers');
  const form = useSchemaForm<Values>(loadSchema, {
    max_amount: typed(initial.max_amount),
    daily_limit: typed(initial.daily_limit),
  });
  const save = useSaveTransferSettings();
  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync({
        max_amount: values.max_amount,
        daily_limit: values.daily_limit,
      });
      notifySuccess(translateMessage(answer.message));
    } catch (error) {
      showFormError(form, error);
    }
  });
  return (
    <form onSubmit={submit} {...form.formProps}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('transfers.maxAmount')}
            inputMode="decimal"
            rightSection="USD"
            rightSectionWidth={48}
            readOnly={!canEdit}
            data-testid="transfer-max-amount"
            {...form.getInputProps('max_amount')}
          />
          <TextInput
            label={t('transfers.dailyLimit')}
            inputMode="decimal"
            rightSection="USD"
            rightSectionWidth={48}
            readOnly={!canEdit}
            data-testid="transfer-daily-limit"
            {...form.getInputProps('daily_limit')}
          />
        </SimpleGrid>
        {canEdit && (
          <Group>
            <Button type="submit" loading={form.submitting} data-testid="transfer-limits-save">
              {t('save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
