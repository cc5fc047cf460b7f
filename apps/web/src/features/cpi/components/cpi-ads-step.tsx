import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { LIMITS } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import type { SchemaForm } from '../../../lib/use-schema-form';
import { CpiAdPreview } from './cpi-ad-preview';
import { CpiSuggestionsModal } from './cpi-suggestions-modal';
import type { CpiFormValues } from './cpi-logic';

/** A field's length out of its maximum, red once over it. */
function Counter({ value, max }: { value: string; max: number }) {
  const { t } = useTranslation('cpi');
  const count = value.trim().length;
  return (
    <Text component="span" size="xs" c={count > max ? 'red' : 'dimmed'} ff="monospace" aria-live="polite">
      {t('ads.counter', { count, max })}
    </Text>
  );
}

/**
 * Step 4: two headlines and a description (required, unique), with suggestions from the store listing and a
 * preview of the ad as they read together.
 */
export function CpiAdsStep({
  form,
  app,
}: {
  form: SchemaForm<CpiFormValues>;
  /** The promoted app's name and icon, for the preview. */
  app: { name: string; icon?: string };
}) {
  const { t } = useTranslation('cpi');
  const [suggesting, setSuggesting] = useState(false);
  const { values } = form;
  const headline = LIMITS.cpiHeadline.max;
  const description = LIMITS.cpiDescription.max;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text c="dimmed" size="sm" maw={520}>
          {t('ads.intro')}
        </Text>
        <Button
          variant="light"
          leftSection={<IconSparkles size={16} />}
          onClick={() => setSuggesting(true)}
          disabled={!values.packageId}
          data-testid="cpi-suggest"
        >
          {t('ads.suggest')}
        </Button>
      </Group>
      <TextInput
        label={t('ads.headline1')}
        description={<Counter value={values.cpiHeadline1} max={headline} />}
        maxLength={headline + 20}
        {...form.getInputProps('cpiHeadline1')}
        data-testid="cpi-headline1"
      />
      <TextInput
        label={t('ads.headline2')}
        description={<Counter value={values.cpiHeadline2} max={headline} />}
        maxLength={headline + 20}
        {...form.getInputProps('cpiHeadline2')}
        data-testid="cpi-headline2"
      />
      <Textarea
        label={t('ads.description')}
        description={<Counter value={values.cpiAdAssets} max={description} />}
        autosize
        minRows={2}
        maxLength={description + 40}
        {...form.getInputProps('cpiAdAssets')}
        data-testid="cpi-description"
      />
      <TextInput
        label={t('ads.deeplink')}
        description={t('ads.deeplinkHint')}
        placeholder="https://example.com/app/promo"
        {...form.getInputProps('deeplink')}
        data-testid="cpi-deeplink"
      />
      <Text fw={600} size="sm">
        {t('preview.title')}
      </Text>
      <CpiAdPreview
        appName={app.name}
        appIcon={app.icon}
        headline1={values.cpiHeadline1}
        headline2={values.cpiHeadline2}
        description={values.cpiAdAssets}
      />
      <CpiSuggestionsModal
        opened={suggesting}
        onClose={() => setSuggesting(false)}
        app={{ packageId: values.packageId, appstore: values.appstore, country: values.country }}
        current={values}
        onPick={(field, text) => form.setFieldValue(field, text)}
      />
    </Stack>
  );
}
