import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';

/** How many countries a list shows before "and N more". */
const SHOWN = 24;

/** Country codes as small badges (name on hover), the first few and how many more. */
export function CpiCountryList({ codes, testId }: { codes: readonly string[]; testId?: string }) {
  const { t } = useTranslation('cpi');
  const locale = currentLocale();
  return (
    <Group gap={6} data-testid={testId}>
      {codes.slice(0, SHOWN).map((code) => (
        <Badge key={code} variant="default" radius="sm" title={countryName(code, locale)}>
          {code}
        </Badge>
      ))}
      {codes.length > SHOWN && (
        <Text size="xs" c="dimmed">
          {t('target.more', { count: codes.length - SHOWN })}
        </Text>
      )}
    </Group>
  );
}
