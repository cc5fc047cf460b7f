import { Box, Group, Progress, Text } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { PASSWORD_CHECKS, passwordStrength, type PasswordCheck } from '@storelift/shared';
import { useTranslation } from 'react-i18next';

export interface MeterState {
  /** Checks passed, 0 to 5. */
  score: number;
  checks: { key: PasswordCheck; passed: boolean }[];
  color: 'gray' | 'red' | 'orange' | 'yellow' | 'teal';
}

/** The state of the five-check strength meter (customer-area §4) for a password. */
export function meterState(value: string): MeterState {
  const score = passwordStrength(value);
  const checks = PASSWORD_CHECKS.map((check) => ({ key: check.key, passed: check.test(value) }));
  const color =
    value === '' ? 'gray' : score <= 2 ? 'red' : score === 3 ? 'orange' : score === 4 ? 'yellow' : 'teal';
  return { score, checks, color };
}

/** Five segments and the list of checks, under a new-password field. */
export function PasswordMeter({ value }: { value: string }) {
  const { t } = useTranslation();
  const { score, checks, color } = meterState(value);
  return (
    <Box mt={6} data-testid="password-meter" aria-live="polite">
      <Group
        gap={4}
        grow
        mb={6}
        aria-label={t('password.strength', { score, total: checks.length })}
        role="meter"
        aria-valuemin={0}
        aria-valuemax={checks.length}
        aria-valuenow={score}
      >
        {checks.map((check, index) => (
          <Progress
            key={check.key}
            // The group is the meter; a segment alone means nothing to a screen reader.
            aria-hidden
            size={4}
            value={index < score ? 100 : 0}
            color={color}
            transitionDuration={0}
          />
        ))}
      </Group>
      <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {checks.map((check) => (
          <Text
            component="li"
            key={check.key}
            size="xs"
            c={check.passed ? 'teal' : 'dimmed'}
            data-passed={check.passed}
            style={{ display: 'flex', alignItems: 'center', gap: 6 }}
          >
            {check.passed ? <IconCheck size={12} /> : <IconX size={12} />}
            {t(`password.checks.${check.key}`)}
          </Text>
        ))}
      </Box>
    </Box>
  );
}
