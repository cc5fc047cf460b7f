import type { ReactNode } from 'react';
import { Alert, Anchor, Button, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import { CpiCountryList } from './cpi-country-list';
import {
  balanceAfterCharge,
  CPI_STEPS,
  estimateInput,
  installsPerDay,
  shortfall,
  startCharge,
  targetCountries,
  type CpiFormValues,
} from './cpi-logic';
import { CpiAdPreview } from './cpi-ad-preview';
import { CpiEstimate } from './cpi-estimate';
import { CpiFigure } from './cpi-figure';

/**
 * Step 5, the review before any charge: every choice (each with a way back to its step), the ad's preview,
 * a warning where the target is below the expected cost, the charge now, the balance and the balance after,
 * with the balance check.
 */
export function CpiSummaryStep({
  values,
  app,
  balance,
  onEdit,
}: {
  values: CpiFormValues;
  /** The promoted app's name and icon (empty name: none chosen). */
  app: { name: string; icon?: string };
  /** Main + bonus balance (decimal text), unknown while loading. */
  balance: string | undefined;
  onEdit: (step: number) => void;
}) {
  const { t } = useTranslation('cpi');
  const targets = targetCountries(values);
  const charge = startCharge(values.cpiBudget);
  const missing = shortfall(balance, charge);
  const covered = missing === null;
  const after = balanceAfterCharge(balance, charge);
  const installs = installsPerDay(values.cpiBudget, values.cpiTarget);
  const list = (items: readonly string[]) => (items.length ? items.join(', ') : t('summary.any'));

  const rows: { label: string; value: ReactNode; step: (typeof CPI_STEPS)[number]; testId?: string }[] = [
    { label: t('summary.app'), value: app.name || t('summary.none'), step: 'target' },
    {
      label: t('summary.regions'),
      value: list(values.cpiGeo.map((geo) => t(`target.geoNames.${geo}`))),
      step: 'target',
    },
    {
      label: t('summary.levels'),
      value: list(values.cpiLevels.map((level) => t(`target.levelNames.${level}`))),
      step: 'target',
    },
    {
      label: t('summary.targetCountries'),
      value: <CpiCountryList codes={targets} />,
      step: 'target',
    },
    {
      label: t('summary.promotionCountries'),
      value: values.cpiCountry.length ? (
        <CpiCountryList codes={values.cpiCountry} testId="cpi-summary-countries" />
      ) : (
        t('summary.allTargets', { count: targets.length })
      ),
      step: 'promotion',
    },
    {
      label: t('summary.languages'),
      value: list(values.cpiLanguages.map((name) => t(`promotion.languageNames.${name}`))),
      step: 'promotion',
    },
    { label: t('summary.daily'), value: formatMoney(String(values.cpiBudget)), step: 'budget' },
    { label: t('summary.target'), value: String(values.cpiTarget), step: 'budget' },
    {
      label: t('summary.installs'),
      value: installs === null ? t('summary.none') : formatNumber(installs),
      step: 'budget',
    },
    {
      label: t('summary.duration'),
      value: values.unlimited_duration ? t('summary.unlimited') : String(values.cpiDays),
      step: 'budget',
    },
    {
      label: t('summary.headline1'),
      value: values.cpiHeadline1,
      step: 'ads',
      testId: 'cpi-summary-headline1',
    },
    { label: t('summary.headline2'), value: values.cpiHeadline2, step: 'ads' },
    { label: t('summary.description'), value: values.cpiAdAssets, step: 'ads' },
    ...(values.deeplink.trim()
      ? [{ label: t('summary.deeplink'), value: values.deeplink.trim(), step: 'ads' as const }]
      : []),
  ];

  return (
    <Stack gap="md" data-testid="cpi-summary">
      <Table verticalSpacing={6} layout="fixed">
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={row.label}>
              <Table.Th w={{ base: 130, sm: 200 }} fw={500} c="dimmed" fz="sm">
                {row.label}
              </Table.Th>
              <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }} data-testid={row.testId}>
                {row.value}
              </Table.Td>
              <Table.Td w={90} ta="right">
                {/* One link per step: on its first row. */}
                {rows[index - 1]?.step !== row.step && (
                  <Anchor
                    component="button"
                    type="button"
                    size="xs"
                    onClick={() => onEdit(CPI_STEPS.indexOf(row.step))}
                    aria-label={`${t('summary.edit')}: ${row.label}`}
                  >
                    {t('summary.edit')}
                  </Anchor>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <CpiAdPreview
        appName={app.name}
        appIcon={app.icon}
        headline1={values.cpiHeadline1}
        headline2={values.cpiHeadline2}
        description={values.cpiAdAssets}
        testId="cpi-summary-preview"
      />
      <CpiEstimate appstore={values.appstore} {...estimateInput(values)} compact />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <CpiFigure
          label={t('summary.chargeNow')}
          value={charge ? formatMoney(charge) : '—'}
          hint={t('summary.chargeHint')}
          testId="cpi-summary-charge"
        />
        <CpiFigure
          label={t('summary.balance')}
          value={balance === undefined ? '—' : formatMoney(balance)}
          alarm={!covered}
          testId="cpi-summary-balance"
        />
        <CpiFigure
          label={t('summary.balanceAfter')}
          value={after === null ? '—' : formatMoney(after)}
          alarm={!covered}
          testId="cpi-summary-balance-after"
        />
      </SimpleGrid>
      {missing && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          role="alert"
          data-testid="cpi-short-balance"
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">{t('summary.short', { amount: formatMoney(missing) })}</Text>
            <Button size="xs" renderRoot={(props) => <Link {...props} to="/top-up-balance" />}>
              {t('summary.topUp')}
            </Button>
          </Group>
        </Alert>
      )}
    </Stack>
  );
}
