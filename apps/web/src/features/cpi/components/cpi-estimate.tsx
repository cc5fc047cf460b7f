import { Alert, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { CpiEstimateRow } from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { countryName, formatMoney } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { errorText } from '../../../lib/messages';
import { cpiEstimateQueryOptions } from '../api/cpi';
import { CpiCountryList } from './cpi-country-list';

/**
 * The wizard's cost estimate: the expected cost per install for the chosen countries (a benchmark range
 * per country tier, or the customer's own recent figures), with a warning for every line the target is
 * below, so a low target is known before ordering. `compact` shows only the warnings (the summary).
 */
export function CpiEstimate({
  appstore,
  countries,
  target,
  compact = false,
}: {
  appstore: number;
  countries: readonly string[];
  /** The target CPI (4-place text), null while the field holds no amount. */
  target: string | null;
  compact?: boolean;
}) {
  const { t } = useTranslation('cpi');
  const [debouncedTarget] = useDebouncedValue(target, 300);
  const estimate = useQuery(cpiEstimateQueryOptions(appstore, countries, debouncedTarget));
  const locale = currentLocale();
  if (!countries.length) return null;
  if (estimate.error)
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} role="alert">
        {errorText(estimate.error)}
      </Alert>
    );
  if (!estimate.data) return <Loader size="sm" aria-label={t('estimate.loading')} />;

  const place = (row: CpiEstimateRow) =>
    row.source === 'own' ? countryName(row.countries[0] ?? '', locale) : t(`estimate.tiers.${row.tier}`);
  const range = (row: CpiEstimateRow) =>
    row.min === row.max ? formatMoney(row.min) : `${formatMoney(row.min)} – ${formatMoney(row.max)}`;
  const low = estimate.data.rows.filter((row) => row.below && target !== null);

  const warnings = low.length > 0 && (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="cpi-estimate-warning">
      <Stack gap={4}>
        {low.map((row) => (
          <Text size="sm" key={`${row.source}-${row.tier}-${row.countries.join()}`}>
            {t(row.source === 'own' ? 'estimate.lowOwn' : 'estimate.low', {
              target: formatMoney(target!),
              place: place(row),
              range: range(row),
            })}
          </Text>
        ))}
      </Stack>
    </Alert>
  );
  if (compact) return warnings || null;

  return (
    <Stack gap="sm" data-testid="cpi-estimate">
      <Title order={3} size="h5">
        {t('estimate.title')}
      </Title>
      {warnings}
      <Table.ScrollContainer
        minWidth={480}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={t('estimate.title')}
      >
        <Table withTableBorder striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('estimate.where')}</Table.Th>
              <Table.Th>{t('estimate.countries')}</Table.Th>
              <Table.Th ta="right">{t('estimate.expected')}</Table.Th>
              <Table.Th>{t('estimate.source')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {estimate.data.rows.map((row) => (
              <Table.Tr
                key={`${row.source}-${row.tier}-${row.countries.join()}`}
                data-testid={`cpi-estimate-${row.source}-${row.source === 'own' ? row.countries[0] : row.tier}`}
              >
                <Table.Td>{place(row)}</Table.Td>
                <Table.Td>
                  <CpiCountryList codes={row.countries} />
                </Table.Td>
                <Table.Td ta="right" ff="monospace" fw={row.below && target !== null ? 700 : undefined}>
                  {range(row)}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {row.source === 'own'
                      ? t('estimate.own', { installs: formatMoney(row.installs ?? '0', 0) })
                      : t('estimate.benchmark')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed">
        <IconInfoCircle size={12} aria-hidden /> {t('estimate.note')}
      </Text>
    </Stack>
  );
}
