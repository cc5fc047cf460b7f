import type { ReactNode } from 'react';
import { Badge, Card, Group, Rating, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReviewDraft } from './review-logic';

/** One review: stars, title, text, author gender and language; `actions` (edit, remove) top right. */
export function ReviewCard({ review, actions }: { review: ReviewDraft; actions?: ReactNode }) {
  const { t } = useTranslation('campaigns');
  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      data-testid="review-card"
      style={{ display: 'flex', flexDirection: 'column' }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Rating
            value={review.rates}
            readOnly
            size="sm"
            // A read-only rating is a plain div: as an image it may carry its name (axe aria-prohibited-attr).
            role="img"
            aria-label={t('reviews.stars', { count: review.rates })}
          />
          <Text fw={600} size="sm" lineClamp={1}>
            {review.title}
          </Text>
        </Stack>
        {actions}
      </Group>
      <Text size="sm" c="dimmed" lineClamp={3} mt={4} style={{ flex: 1 }}>
        {review.body}
      </Text>
      <Group gap={6} mt="xs">
        <Badge size="xs" variant="light" color="gray">
          {t(`gender.${review.gender}`)}
        </Badge>
        <Badge size="xs" variant="light" color="gray">
          {t(`language.${review.language}`)}
        </Badge>
      </Group>
    </Card>
  );
}
