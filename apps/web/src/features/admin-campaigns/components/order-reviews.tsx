import { Card, Group, Rating, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { Review } from '@storelift/shared';
import { useTranslation } from 'react-i18next';

/** The custom reviews a guaranteed-reviews campaign carries, for staff to read before approving it. */
export function OrderReviews({ reviews }: { reviews: readonly Review[] }) {
  const { t } = useTranslation('admin');
  const { t: tc } = useTranslation('campaigns');
  return (
    <Stack gap="xs" data-testid="order-reviews">
      <Title order={4}>{t('details.reviews', { count: reviews.length })}</Title>
      <ScrollArea.Autosize mah={320} type="auto">
        <Stack gap="xs">
          {reviews.map((review, index) => (
            <Card key={index} withBorder radius="md" padding="sm">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fw={600} size="sm" truncate>
                  {review.title}
                </Text>
                <Rating value={review.rates} readOnly size="xs" />
              </Group>
              <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap' }}>
                {review.body}
              </Text>
              <Text size="xs" c="dimmed" mt={4}>
                {tc(`gender.${review.gender}`)} · {tc(`language.${review.language}`)}
              </Text>
            </Card>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Stack>
  );
}
