import { Alert, SimpleGrid, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { REVIEW_GUARANTEE, type CampaignGuarantee } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatMoney } from '../lib/format';

function Fact({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ff="monospace" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/**
 * A guaranteed campaign's review guarantee, for its customer (details drawer) and staff (order drawer): until
 * when it runs and, once it started, what the store checks found (checked at, still shown, refilled, refunded)
 * or that nobody can check it ("not monitored": the store's reviews cannot be read).
 */
export function ReviewGuarantee({
  until,
  guarantee,
  testId,
}: {
  until: string;
  guarantee: CampaignGuarantee | null | undefined;
  testId: string;
}) {
  const { t } = useTranslation('campaigns');
  const unmonitored = guarantee?.monitored === false;
  return (
    <Alert color={unmonitored ? 'yellow' : 'teal'} icon={<IconShieldCheck size={18} />} data-testid={testId}>
      {t('details.guaranteeUntil', { time: formatDateTime(until), keep: REVIEW_GUARANTEE.keepPercent })}
      {unmonitored && (
        <Text size="sm" mt={4} fw={600} data-testid={`${testId}-unmonitored`}>
          {t('details.guaranteeNotMonitored')}
        </Text>
      )}
      {guarantee && !unmonitored && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs" spacing="xs" data-testid={`${testId}-state`}>
          <Fact
            label={t('details.guaranteeChecked')}
            value={
              guarantee.checked_at ? formatDateTime(guarantee.checked_at) : t('details.guaranteeNotChecked')
            }
            testId={`${testId}-checked`}
          />
          <Fact
            label={t('details.guaranteeShown')}
            value={t('details.guaranteeShownValue', {
              stayed: guarantee.stayed,
              delivered: guarantee.delivered,
            })}
            testId={`${testId}-shown`}
          />
          <Fact
            label={t('details.guaranteeRefilled')}
            value={String(guarantee.refilled)}
            testId={`${testId}-refilled`}
          />
          <Fact
            label={t('details.guaranteeRefunded')}
            value={t('details.guaranteeRefundedValue', {
              count: guarantee.refunded,
              amount: formatMoney(guarantee.refunded_amount),
            })}
            testId={`${testId}-refunded`}
          />
        </SimpleGrid>
      )}
    </Alert>
  );
}
