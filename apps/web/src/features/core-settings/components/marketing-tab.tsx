import { Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { marketingSettingsBodySchema } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/error-modal';
import { ListError } from '../../../components/paged-table';
import '../../../lib/marketing-messages';
import { translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useCan } from '../../../lib/session';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { marketingSettingsQueryOptions, useSetMarketingSettings } from '../api/settings';

interface Values extends Record<string, unknown> {
  max_percent: string;
}
const loadSchema = () => Promise.resolve(marketingSettingsBodySchema);

/** The marketing percent limit: above it only an admin saves a marketing action's tier. */
export function MarketingTab() {
  const { t } = useTranslation('settings');
  const { data, error, refetch, isPending } = useQuery(marketingSettingsQueryOptions());
  if (error) return <ListError error={error} onRetry={() => void refetch()} />;
  if (isPending) return <Loader role="status" size="sm" aria-label={t('loading')} />;
  return (
    <Stack gap="md" maw={640}>
      <Text size="sm" c="dimmed">
        {t('marketing.hint')}
      </Text>
      <MarketingForm key={data.data.max_percent} maxPercent={data.data.max_percent} />
    </Stack>
  );
}

function MarketingForm({ maxPercent }: { maxPercent: string }) {
  const { t } = useTranslation('settings');
  const canEdit = useCan('settings.marketing');
  const form = useSchemaForm<Values>(loadSchema, { max_percent: maxPercent });
  const save = useSetMarketingSettings();
  const submit = form.onSubmit(async (values) => {
    try {
      const answer = await save.mutateAsync({ max_percent: values.max_percent });
      notifySuccess(translateMessage(answer.message ?? ''));
    } catch (error) {
      showFormError(form, error);
    }
  });
  return (
    <form onSubmit={submit} {...form.formProps}>
      <Stack gap="md">
        <TextInput
          label={t('marketing.maxPercent')}
          description={t('marketing.maxPercentHint')}
          inputMode="decimal"
          rightSection="%"
          maw={240}
          readOnly={!canEdit}
          data-testid="marketing-max-percent"
          {...form.getInputProps('max_percent')}
        />
        {canEdit && (
          <Group>
            <Button type="submit" loading={form.submitting} data-testid="marketing-save">
              {t('save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
