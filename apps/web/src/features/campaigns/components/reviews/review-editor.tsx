import { useState } from 'react';
import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconDice5, IconFileImport, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { CommonReviewsQuery } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../../components/error-modal';
import { notifySuccess } from '../../../../lib/notify';
import { useRandomReviews } from '../../api/campaigns';
import { ImportReviewsModal } from './import-reviews-modal';
import { ReviewCard } from './review-card';
import { appendReviews, blankReview, type ReviewDraft } from './review-logic';
import { ReviewModal } from './review-modal';

/**
 * The reviews of a custom-review order: a card per review (title, body, stars, author gender, language)
 * with edit and remove, and three ways to add: the "Add review" modal, an import of pasted text or a CSV
 * file, and a random pack of 5 (`GET reviews/common`) in the form's language, author and rating.
 */
export function ReviewEditor({
  reviews,
  onChange,
  pack,
  error,
}: {
  reviews: readonly ReviewDraft[];
  onChange: (reviews: ReviewDraft[]) => void;
  /** What the random pack asks for. */
  pack: CommonReviewsQuery;
  error?: string;
}) {
  const { t } = useTranslation('campaigns');
  /** The review in the modal: its index, or `null` for a new one; undefined = closed. */
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const random = useRandomReviews();

  const add = (added: readonly ReviewDraft[]) => {
    const next = appendReviews(reviews, added);
    onChange(next);
    return next.length - reviews.length;
  };
  const addRandom = () =>
    random.mutate(pack, {
      onSuccess: (pack) => notifySuccess(t('reviews.added', { count: add(pack) })),
      onError: showApiError,
    });

  return (
    <Stack gap="sm" data-testid="review-editor">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Text size="sm" fw={500}>
          {t('reviews.listTitle', { count: reviews.length })}
        </Text>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setEditing(null)}
            data-testid="reviews-add"
          >
            {t('reviews.add')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileImport size={14} />}
            onClick={() => setImporting(true)}
            data-testid="reviews-import"
          >
            {t('reviews.import')}
          </Button>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDice5 size={14} />}
            onClick={addRandom}
            loading={random.isPending}
            data-testid="reviews-random"
          >
            {t('reviews.random')}
          </Button>
        </Group>
      </Group>

      {reviews.length === 0 ? (
        <Card withBorder radius="md" padding="lg" bg="var(--mantine-color-default-hover)">
          <Text size="sm" c="dimmed" ta="center">
            {t('reviews.empty')}
          </Text>
        </Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {reviews.map((review, index) => (
            <ReviewCard
              key={index}
              review={review}
              actions={
                <Group gap={2} wrap="nowrap">
                  <Tooltip label={t('reviews.edit')}>
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('reviews.editNumber', { number: index + 1 })}
                      onClick={() => setEditing(index)}
                    >
                      <IconPencil size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t('reviews.remove')}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('reviews.removeNumber', { number: index + 1 })}
                      onClick={() => onChange(reviews.filter((_, other) => other !== index))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              }
            />
          ))}
        </SimpleGrid>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}

      <ReviewModal
        opened={editing !== undefined}
        review={
          editing === undefined || editing === null ? blankReview() : (reviews[editing] ?? blankReview())
        }
        onClose={() => setEditing(undefined)}
        onSave={(review) => {
          if (editing === null || editing === undefined) add([review]);
          else onChange(reviews.map((other, index) => (index === editing ? review : other)));
          setEditing(undefined);
        }}
      />
      <ImportReviewsModal
        opened={importing}
        onClose={() => setImporting(false)}
        onImport={(imported) => {
          notifySuccess(t('reviews.added', { count: add(imported) }));
          setImporting(false);
        }}
      />
    </Stack>
  );
}
