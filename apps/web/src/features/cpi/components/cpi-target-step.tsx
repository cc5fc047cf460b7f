import { Card, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { CPI_LEVELS, GEO_GROUPS, type CpiGeo, type CpiLevel } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import type { SchemaForm } from '../../../lib/use-schema-form';
import { CpiCountryList } from './cpi-country-list';
import { keptPromotionCountries, targetCountries, type CpiFormValues } from './cpi-logic';

/** Step 1: GEO groups and CPI levels, and the countries that choice means. */
export function CpiTargetStep({ form }: { form: SchemaForm<CpiFormValues> }) {
  const { t } = useTranslation('cpi');
  const countries = targetCountries(form.values);
  const geo = form.getInputProps('cpiGeo');
  const level = form.getInputProps('cpiLevels');
  /** A new choice keeps only the promotion countries still among the targets. */
  const choose = (change: Partial<Pick<CpiFormValues, 'cpiGeo' | 'cpiLevels'>>) => {
    const next = { ...form.values, ...change };
    if (change.cpiGeo) form.setFieldValue('cpiGeo', change.cpiGeo);
    if (change.cpiLevels) form.setFieldValue('cpiLevels', change.cpiLevels);
    const kept = keptPromotionCountries(next);
    if (kept.length !== form.values.cpiCountry.length) form.setFieldValue('cpiCountry', kept);
  };
  return (
    <Stack gap="md">
      <Text c="dimmed" size="sm">
        {t('target.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Checkbox.Group
          label={t('target.geo')}
          value={geo.value}
          error={geo.error}
          onChange={(value) => choose({ cpiGeo: value as CpiGeo[] })}
          data-testid="cpi-geo"
        >
          <Stack gap="xs" mt="xs">
            {GEO_GROUPS.map((group) => (
              <Checkbox key={group} value={group} label={t(`target.geoNames.${group}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Checkbox.Group
          label={t('target.level')}
          description={t('target.levelHint')}
          value={level.value}
          error={level.error}
          onChange={(value) => choose({ cpiLevels: value as CpiLevel[] })}
          data-testid="cpi-level"
        >
          <Stack gap="xs" mt="xs">
            {CPI_LEVELS.map((name) => (
              <Checkbox key={name} value={name} label={t(`target.levelNames.${name}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
      </SimpleGrid>
      <Card withBorder radius="md" padding="md" bg="var(--mantine-color-default-hover)">
        {countries.length ? (
          <Stack gap="xs">
            <Group justify="space-between">
              <Text fw={600} size="sm" data-testid="cpi-target-count">
                {t('target.countries', { count: countries.length })}
              </Text>
            </Group>
            <CpiCountryList codes={countries} testId="cpi-target-countries" />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('target.none')}
          </Text>
        )}
      </Card>
    </Stack>
  );
}
