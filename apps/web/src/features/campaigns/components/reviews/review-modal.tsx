import { useState } from 'react';
import {
  Button,
  Group,
  Modal,
  Rating,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { AUTHOR_GENDERS, CPI_LANGUAGES } from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../../lib/messages';
import { reviewErrors, type ReviewDraft, type ReviewGender, type ReviewLanguage } from './review-logic';

/** The "Add review" modal (customer-area §2), also used to edit one review of the list. */
export function ReviewModal({
  opened,
  review,
  onClose,
  onSave,
}: {
  opened: boolean;
  /** The review to edit; a blank one to add. */
  review: ReviewDraft;
  onClose: () => void;
  onSave: (review: ReviewDraft) => void;
}) {
  const { t } = useTranslation('campaigns');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={review.title || review.body ? t('reviews.editTitle') : t('reviews.addTitle')}
      centered
      size="lg"
    >
      {/* A fresh form per opening: the modal starts from the review it was opened with. */}
      {opened && <ReviewFields initial={review} onCancel={onClose} onSave={onSave} />}
    </Modal>
  );
}

function ReviewFields({
  initial,
  onCancel,
  onSave,
}: {
  initial: ReviewDraft;
  onCancel: () => void;
  onSave: (review: ReviewDraft) => void;
}) {
  const { t } = useTranslation('campaigns');
  const [review, setReview] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof ReviewDraft, string>>>({});
  const set = <K extends keyof ReviewDraft>(key: K, value: ReviewDraft[K]) => {
    setReview((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };
  const save = () => {
    const found = reviewErrors(review);
    setErrors(found);
    if (Object.keys(found).length === 0)
      onSave({ ...review, title: review.title.trim(), body: review.body.trim() });
  };
  const error = (key: keyof ReviewDraft) => (errors[key] ? translateMessage(errors[key]) : undefined);

  return (
    <Stack gap="md" data-testid="review-modal">
      <TextInput
        label={t('reviews.title')}
        value={review.title}
        onChange={(event) => set('title', event.currentTarget.value)}
        error={error('title')}
        maxLength={200}
        data-autofocus
        data-testid="review-title"
      />
      <Textarea
        label={t('reviews.body')}
        value={review.body}
        onChange={(event) => set('body', event.currentTarget.value)}
        error={error('body')}
        autosize
        minRows={3}
        maxLength={5000}
        data-testid="review-body"
      />
      <Group gap="xl" align="flex-start" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('reviews.rating')}
          </Text>
          <Rating
            value={review.rates}
            onChange={(value) => set('rates', value)}
            aria-label={t('reviews.rating')}
            data-testid="review-rating"
          />
          {error('rates') && (
            <Text size="xs" c="red">
              {error('rates')}
            </Text>
          )}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('reviews.gender')}
          </Text>
          <SegmentedControl
            value={review.gender}
            onChange={(value) => set('gender', value as ReviewGender)}
            data={AUTHOR_GENDERS.map((value) => ({ value, label: t(`gender.${value}`) }))}
          />
        </Stack>
        <Select
          label={t('reviews.language')}
          data={CPI_LANGUAGES.map((value) => ({ value, label: t(`language.${value}`) }))}
          value={review.language}
          onChange={(value) => value && set('language', value as ReviewLanguage)}
          error={error('language')}
          allowDeselect={false}
          w={180}
        />
      </Group>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('actions.close')}
        </Button>
        <Button onClick={save} data-testid="review-save">
          {t('reviews.save')}
        </Button>
      </Group>
    </Stack>
  );
}
