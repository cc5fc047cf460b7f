import { Checkbox, NumberInput, SimpleGrid, Stack } from '@mantine/core';
import { LIMITS } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber } from '../../../lib/format';
import type { SchemaForm } from '../../../lib/use-schema-form';
import { estimateInput, installsPerDay, startCharge, type CpiFormValues } from './cpi-logic';
import { CpiEstimate } from './cpi-estimate';
import { CpiFigure } from './cpi-figure';

/**
 * Step 3: daily budget, target CPI and duration, with the start charge, the installs it buys and what an
 * install is expected to cost in the chosen countries (a warning where the target is below it).
 */
export function CpiBudgetStep({ form }: { form: SchemaForm<CpiFormValues> }) {
  const { t } = useTranslation('cpi');
  const { values } = form;
  const charge = startCharge(values.cpiBudget);
  const installs = installsPerDay(values.cpiBudget, values.cpiTarget);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <NumberInput
          label={t('budget.daily')}
          description={t('budget.dailyHint')}
          min={0}
          decimalScale={2}
          allowNegative={false}
          {...form.getInputProps('cpiBudget')}
          data-testid="cpi-budget"
        />
        <NumberInput
          label={t('budget.target')}
          description={t('budget.targetHint')}
          min={0}
          step={0.01}
          decimalScale={2}
          allowNegative={false}
          {...form.getInputProps('cpiTarget')}
          data-testid="cpi-target"
        />
        <NumberInput
          label={t('budget.days')}
          description={t('budget.daysHint')}
          min={LIMITS.cpiDaysMin}
          max={LIMITS.cpiDaysMax}
          allowDecimal={false}
          allowNegative={false}
          disabled={values.unlimited_duration}
          {...form.getInputProps('cpiDays')}
          data-testid="cpi-days"
        />
        <Checkbox
          mt={{ base: 0, sm: 34 }}
          label={t('budget.unlimited')}
          description={t('budget.unlimitedHint')}
          {...form.getCheckboxProps('unlimited_duration')}
          data-testid="cpi-unlimited"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <CpiFigure
          label={t('budget.startCharge')}
          value={charge ? formatMoney(charge) : '—'}
          hint={t('budget.startChargeHint')}
          testId="cpi-start-charge"
        />
        <CpiFigure
          label={t('budget.installs')}
          value={installs === null ? '—' : formatNumber(installs)}
          hint={t('budget.installsHint')}
          testId="cpi-installs"
        />
      </SimpleGrid>
      <CpiEstimate appstore={values.appstore} {...estimateInput(values)} />
    </Stack>
  );
}
