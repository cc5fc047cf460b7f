import { Button, Group, NumberInput, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { LIMITS } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { planTotal } from './campaign-logic';

export interface DayPlanEditorProps {
  /** The plan set by hand, fitted to the days; null while the distribution plans the days. */
  plan: (number | string)[] | null;
  /** The distribution's plan: where the editor starts and what "back to the distribution" restores. */
  starting: number[];
  /** Installs of a day per keyword (keyword products) rather than in all. */
  perKeyword: boolean;
  error?: string;
  onChange: (plan: (number | string)[] | null) => void;
}

/**
 * The per-day plan editor of Add campaigns: off, the distribution plans the days; on, one number of
 * installs per day (0-5000), starting from the distribution's plan, with the total.
 */
export function DayPlanEditor({ plan, starting, perKeyword, error, onChange }: DayPlanEditorProps) {
  const { t } = useTranslation('campaigns');
  const total = plan ? planTotal(plan) : Number.NaN;
  return (
    <Stack gap="xs">
      <Switch
        label={t('form.planToggle')}
        description={perKeyword ? t('form.planHintKeyword') : t('form.planHint')}
        checked={plan !== null}
        disabled={!starting.length && plan === null}
        onChange={(event) => onChange(event.currentTarget.checked ? starting : null)}
        data-testid="campaign-plan-toggle"
      />
      {plan && (
        <>
          <SimpleGrid cols={{ base: 3, xs: 4, sm: 7 }} spacing="xs" data-testid="campaign-plan">
            {plan.map((installs, index) => (
              <NumberInput
                key={index}
                label={t('form.planDay', { day: index + 1 })}
                value={installs}
                min={0}
                max={LIMITS.installsMax}
                allowDecimal={false}
                allowNegative={false}
                onChange={(value) => onChange(plan.map((day, at) => (at === index ? value : day)))}
                data-testid={`campaign-plan-day-${index + 1}`}
              />
            ))}
          </SimpleGrid>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c={error ? 'red' : 'dimmed'} role={error ? 'alert' : undefined}>
              {error ?? (Number.isFinite(total) ? t('form.planTotal', { total: formatNumber(total) }) : '')}
            </Text>
            <Button variant="subtle" size="compact-sm" onClick={() => onChange(starting)}>
              {t('form.planReset')}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}
