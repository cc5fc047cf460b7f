import { List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarDollar, IconCoin, IconPlayerPause, IconReceiptRefund } from '@tabler/icons-react';
import { LIMITS } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format';
import { startCharge } from './cpi-logic';

/** The wizard's intro: what CPI is and how it is charged (customer-area §4, §9). */
export function CpiIntroStep() {
  const { t } = useTranslation('cpi');
  const icon = (Icon: typeof IconCoin) => (
    <ThemeIcon variant="light" radius="xl" size={28}>
      <Icon size={16} />
    </ThemeIcon>
  );
  return (
    <Stack gap="md" data-testid="cpi-intro">
      <Text>{t('intro.what')}</Text>
      <Title order={3} fz="lg">
        {t('intro.chargesTitle')}
      </Title>
      <List spacing="sm" center>
        <List.Item icon={icon(IconCoin)}>{t('intro.startCharge')}</List.Item>
        <List.Item icon={icon(IconCalendarDollar)}>{t('intro.dailyCharge')}</List.Item>
        <List.Item icon={icon(IconPlayerPause)}>{t('intro.pause')}</List.Item>
        <List.Item icon={icon(IconReceiptRefund)}>{t('intro.refund')}</List.Item>
      </List>
      <Text size="sm" c="dimmed">
        {t('intro.example', {
          budget: formatMoney(LIMITS.cpiDailyBudget),
          charge: formatMoney(startCharge(LIMITS.cpiDailyBudget)),
        })}
      </Text>
    </Stack>
  );
}
