import { Badge, Progress, Stack, Text } from '@mantine/core';
import type { Campaign, CampaignStatus } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { deliveredText, progressPercent, statusColor } from '../lib/campaign-look';

/** A campaign's status as a coloured badge in the interface language (My campaigns and the staff pages). */
export function CampaignStatusBadge({ status, testId }: { status: CampaignStatus; testId?: string }) {
  const { t } = useTranslation('campaigns');
  return (
    <Badge color={statusColor(status)} variant="light" miw="max-content" data-testid={testId}>
      {t(`status.${status}`)}
    </Badge>
  );
}

/** A campaign list's installs cell: delivered / ordered over a progress bar. */
export function InstallsProgress({
  campaign,
  testId,
}: {
  campaign: Pick<Campaign, 'installs_total' | 'installs_actual'>;
  testId?: string;
}) {
  const { t } = useTranslation('campaigns');
  return (
    <Stack gap={4} miw={110}>
      <Text size="xs" ff="monospace" data-testid={testId}>
        {deliveredText(campaign)}
      </Text>
      <Progress value={progressPercent(campaign)} size="sm" aria-label={t('details.delivered')} />
    </Stack>
  );
}
