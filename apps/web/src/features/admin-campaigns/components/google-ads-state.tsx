import { Alert, Badge, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AdminCampaign } from '@storelift/shared';
import { Figure } from '../../../components/figure';
import { formatDateTime } from '../../../lib/format';

type GoogleAds = NonNullable<AdminCampaign['google_ads']>;

/**
 * Where a CPI campaign lives at Google Ads, its ad's review and the last refusal as the API worded it: staff see
 * the API's own error, the customer a plain-words one on their campaign page.
 */
export function GoogleAdsState({ ads }: { ads: GoogleAds }) {
  const { t } = useTranslation('admin');
  return (
    <Stack gap="xs" data-testid="order-details-google-ads">
      <Title order={4}>{t('details.googleAds.title')}</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
        <Figure label={t('details.googleAds.customer')}>{ads.customer_id}</Figure>
        <Figure label={t('details.googleAds.campaign')}>{ads.campaign_resource ?? '—'}</Figure>
        <Figure label={t('details.googleAds.status')}>{ads.status ?? '—'}</Figure>
        <Figure label={t('details.googleAds.startDate')}>{ads.start_date ?? '—'}</Figure>
        <Figure label={t('details.googleAds.review')}>
          <Group gap={4}>
            <Badge variant="light" color={ads.approval_status === 'DISAPPROVED' ? 'red' : 'gray'}>
              {ads.approval_status ?? '—'}
            </Badge>
            {ads.review_status && <Text size="sm">{ads.review_status}</Text>}
          </Group>
        </Figure>
        <Figure label={t('details.googleAds.reported')}>
          {ads.reported_at ? formatDateTime(ads.reported_at) : '—'}
          {ads.final_through && ` (${t('details.googleAds.finalThrough', { date: ads.final_through })})`}
        </Figure>
      </SimpleGrid>
      {ads.policy_topics.length > 0 && (
        <Text size="sm">{t('details.googleAds.topics', { topics: ads.policy_topics.join(', ') })}</Text>
      )}
      {ads.error_kind && (
        <Alert color="red" title={t('details.googleAds.error', { kind: ads.error_kind })}>
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {ads.error_detail}
          </Text>
          {ads.error_at && (
            <Text size="xs" c="dimmed">
              {formatDateTime(ads.error_at)}
            </Text>
          )}
        </Alert>
      )}
    </Stack>
  );
}
