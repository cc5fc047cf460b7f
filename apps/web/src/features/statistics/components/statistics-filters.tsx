import { useMemo } from 'react';
import { Avatar, Button, Card, Chip, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { COUNTRIES, PRODUCT_TYPES, type App } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { DATE_SHORTCUT_VALUES, type DateShortcut } from '../../../lib/date-range';
import { countryName, formatDate } from '../../../lib/format';
import { translateMessage } from '../../../lib/messages';
import type { ResolvedParams, StatisticsSearch } from './statistics-search';
import { StoreSelect } from '../../../components/store-select';
import { DateField } from '../../../components/date-field';

/** The apps the picker offers: the user's tracked apps. */
export type StatisticsApp = Pick<App, 'appstore' | 'package' | 'title' | 'icon'>;

const PRODUCTS = Object.values(PRODUCT_TYPES).filter((type) => type !== PRODUCT_TYPES.undefined);
const appKey = (app: { appstore: number | string; package: string }) => `${app.appstore}:${app.package}`;

/**
 * The filters of Statistics (customer-area §2, §9): the period (week, 1 month, 3 months or custom days),
 * the app, store, country and product type. Every change goes to the URL through `onChange`.
 */
export function StatisticsFilters({
  state,
  resolved,
  apps,
  onChange,
}: {
  state: StatisticsSearch;
  resolved: ResolvedParams;
  apps: readonly StatisticsApp[];
  onChange: (patch: Partial<StatisticsSearch>) => void;
}) {
  const { t, i18n } = useTranslation(['statistics', 'campaigns', 'app']);
  const { t: tr } = useTranslation();
  const byKey = new Map(apps.map((app) => [appKey(app), app]));
  const chosen = state.packageId
    ? appKey({ appstore: state.appstore ?? '1', package: state.packageId })
    : null;
  const countries = useMemo(
    () =>
      COUNTRIES.map(({ code }) => ({
        value: code,
        label: `${countryName(code, i18n.language)} (${code})`,
      })).sort((a, b) => a.label.localeCompare(b.label, i18n.language)),
    [i18n.language],
  );
  const filtered = Boolean(state.packageId || state.appstore || state.country || state.productType);
  const range = resolved.ok ? resolved.params : null;

  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="md">
        <Group gap="md" justify="space-between" wrap="wrap">
          <Chip.Group
            multiple={false}
            value={state.period}
            onChange={(value) => onChange({ period: value as DateShortcut })}
          >
            <Group gap={6} role="radiogroup" aria-label={t('filters.period')} data-testid="statistics-period">
              {DATE_SHORTCUT_VALUES.map((value) => (
                <Chip key={value} value={value} size="sm" variant="outline" radius="md">
                  {t(`periods.${value}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
          {range && (
            <Text size="sm" c="dimmed" data-testid="statistics-range">
              {t('range', { from: formatDate(`${range.from}T00:00`), to: formatDate(`${range.to}T00:00`) })}
            </Text>
          )}
        </Group>
        {state.period === 'custom' && (
          <Group gap="md" wrap="wrap" align="flex-start">
            <DateField
              label={t('filters.from')}
              value={state.from ?? ''}
              maxDate={state.to}
              onChange={(day) => onChange({ from: day || undefined })}
              w={180}
            />
            <DateField
              label={t('filters.to')}
              value={state.to ?? ''}
              minDate={state.from}
              onChange={(day) => onChange({ to: day || undefined })}
              error={
                !resolved.ok && resolved.reason === 'invalid' ? translateMessage(resolved.message) : undefined
              }
              w={180}
            />
            {!resolved.ok && resolved.reason === 'incomplete' && (
              <Text size="xs" c="dimmed" mt={30}>
                {t('filters.pickRange')}
              </Text>
            )}
          </Group>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          <Select
            label={t('filters.app')}
            placeholder={t('filters.allApps')}
            searchable
            clearable
            nothingFoundMessage={tr('common.nothingFound')}
            data={apps.map((app) => ({ value: appKey(app), label: app.title }))}
            value={chosen && byKey.has(chosen) ? chosen : null}
            leftSection={
              chosen && byKey.get(chosen) ? (
                <Avatar src={byKey.get(chosen)!.icon} alt="" size={22} radius="sm" />
              ) : undefined
            }
            onChange={(key) => {
              const app = key ? byKey.get(key) : undefined;
              onChange(
                app
                  ? { packageId: app.package, appstore: String(app.appstore) }
                  : { packageId: undefined, appstore: undefined },
              );
            }}
          />
          <StoreSelect
            label={t('filters.store')}
            placeholder={t('filters.allStores')}
            clearable
            value={state.appstore ?? null}
            onChange={(value) =>
              // Another store than the chosen app's leaves the app out.
              onChange({
                appstore: value ?? undefined,
                ...(value !== state.appstore ? { packageId: undefined } : {}),
              })
            }
          />
          <Select
            label={t('filters.country')}
            placeholder={t('filters.allCountries')}
            searchable
            clearable
            nothingFoundMessage={tr('common.nothingFound')}
            data={countries}
            value={state.country ?? null}
            onChange={(value) => onChange({ country: value ?? undefined })}
          />
          <Select
            label={t('filters.productType')}
            placeholder={t('filters.allProducts')}
            clearable
            data={PRODUCTS.map((type) => ({ value: String(type), label: t(`campaigns:types.${type}`) }))}
            value={state.productType ?? null}
            onChange={(value) => onChange({ productType: value ?? undefined })}
          />
        </SimpleGrid>
        {filtered && (
          <Group justify="flex-end">
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconFilterOff size={16} />}
              onClick={() =>
                onChange({
                  packageId: undefined,
                  appstore: undefined,
                  country: undefined,
                  productType: undefined,
                })
              }
            >
              {t('filters.reset')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
