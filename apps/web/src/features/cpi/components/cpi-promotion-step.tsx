import { useMemo } from 'react';
import { Button, Checkbox, Group, MultiSelect, Stack, Text } from '@mantine/core';
import { CPI_LANGUAGES, type CpiLanguage } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/format';
import type { SchemaForm } from '../../../lib/use-schema-form';
import { targetCountries, type CpiFormValues } from './cpi-logic';

/** Step 2: the countries the ads run in (out of the target countries) and the audience's languages. */
export function CpiPromotionStep({ form }: { form: SchemaForm<CpiFormValues> }) {
  const { t, i18n } = useTranslation('cpi');
  const language = i18n.language;
  const targets = targetCountries(form.values);
  const countries = form.getInputProps('cpiCountry');
  const languages = form.getInputProps('cpiLanguages');
  const data = useMemo(
    () =>
      targets
        .map((code) => ({ value: code, label: `${countryName(code, language)} (${code})` }))
        .sort((a, b) => a.label.localeCompare(b.label, language)),
    [targets, language],
  );
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('promotion.intro')}
      </Text>
      <Stack gap={6}>
        <MultiSelect
          label={t('promotion.countries')}
          description={t('promotion.countriesHint')}
          data={data}
          value={countries.value}
          error={countries.error}
          onChange={(value) => form.setFieldValue('cpiCountry', value)}
          onBlur={countries.onBlur}
          placeholder={countries.value.length ? undefined : t('promotion.all')}
          searchable
          clearable
          hidePickedOptions
          maxDropdownHeight={280}
          nothingFoundMessage={t('target.none')}
          comboboxProps={{ withinPortal: true }}
          data-testid="cpi-countries"
        />
        <Group gap="xs">
          <Button
            size="compact-sm"
            variant="light"
            disabled={targets.length === 0}
            onClick={() => form.setFieldValue('cpiCountry', targets)}
            data-testid="cpi-countries-all"
          >
            {t('promotion.useAll')}
          </Button>
          {countries.value.length > 0 && (
            <Button size="compact-sm" variant="subtle" onClick={() => form.setFieldValue('cpiCountry', [])}>
              {t('promotion.clear')}
            </Button>
          )}
        </Group>
      </Stack>
      <Checkbox.Group
        label={t('promotion.language')}
        value={languages.value}
        error={languages.error}
        onChange={(value) => form.setFieldValue('cpiLanguages', value as CpiLanguage[])}
        data-testid="cpi-language"
      >
        <Group gap="lg" mt="xs">
          {CPI_LANGUAGES.map((name) => (
            <Checkbox key={name} value={name} label={t(`promotion.languageNames.${name}`)} />
          ))}
        </Group>
      </Checkbox.Group>
    </Stack>
  );
}
