import { Alert, Anchor, Checkbox, Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconShieldCheck } from '@tabler/icons-react';
import {
  AUTHOR_GENDERS,
  CPI_LANGUAGES,
  PRODUCT_TYPES,
  RATE_TYPES,
  REVIEW_GUARANTEE,
  REVIEW_MODES,
} from '@storelift/shared';
import { Link } from '@tanstack/react-router';
import { Trans, useTranslation } from 'react-i18next';
import type { SchemaForm } from '../../../../lib/use-schema-form';
import {
  isRatesOrReviews,
  orderedTotal,
  usesCustomReviews,
  usesReviewMode,
  type CampaignFormValues,
} from '../campaign-logic';
import { ReviewEditor } from './review-editor';
import { packRating, type ReviewGender, type ReviewLanguage } from './review-logic';

const RATE_TYPE_NAMES = Object.entries(RATE_TYPES) as [keyof typeof RATE_TYPES, number][];

/**
 * The guaranteed-reviews tab's own fields: review mode, rate type, author gender and language (of generated
 * reviews and rates; with custom texts they choose the random pack), the reviews editor for custom texts,
 * what the product promises (customer-area §9), and the terms.
 */
export function ReviewOrderFields({ form }: { form: SchemaForm<CampaignFormValues> }) {
  const { t } = useTranslation('campaigns');
  const { values } = form;
  const { productType } = values;
  const custom = usesCustomReviews(values);
  const total = orderedTotal(values);

  return (
    <Stack gap="md">
      {usesReviewMode(productType) && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('form.reviewMode')}
          </Text>
          <SegmentedControl
            value={String(values.reviewMode)}
            onChange={(value) => form.setFieldValue('reviewMode', Number(value))}
            data={[
              { value: String(REVIEW_MODES.CUSTOM), label: t('reviewMode.custom') },
              { value: String(REVIEW_MODES.GENERATED), label: t('reviewMode.generated') },
            ]}
            maw={360}
            data-testid="campaign-review-mode"
          />
        </Stack>
      )}
      <Group gap="xl" align="flex-end" wrap="wrap">
        <Select
          label={t('form.rateType')}
          data={RATE_TYPE_NAMES.map(([name, value]) => ({
            value: String(value),
            label: t(`rateType.${name}`),
          }))}
          value={String(values.rateType)}
          onChange={(value) => value && form.setFieldValue('rateType', Number(value))}
          allowDeselect={false}
          w={240}
          data-testid="campaign-rate-type"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('reviews.gender')}
          </Text>
          <SegmentedControl
            value={values.gender}
            onChange={(value) => form.setFieldValue('gender', value as ReviewGender)}
            data={AUTHOR_GENDERS.map((value) => ({ value, label: t(`gender.${value}`) }))}
            data-testid="campaign-gender"
          />
        </Stack>
        <Select
          label={t('reviews.language')}
          data={CPI_LANGUAGES.map((value) => ({ value, label: t(`language.${value}`) }))}
          value={values.language}
          onChange={(value) => value && form.setFieldValue('language', value as ReviewLanguage)}
          allowDeselect={false}
          w={180}
          data-testid="campaign-language"
        />
      </Group>
      {custom && (
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {Number.isFinite(total) ? t('form.reviewsNeeded', { count: total }) : t('form.reviewsNeededHint')}{' '}
            {t('reviews.packHint')}
          </Text>
          <ReviewEditor
            reviews={values.reviews}
            onChange={(reviews) => form.setFieldValue('reviews', reviews)}
            pack={{ language: values.language, gender: values.gender, rates: packRating(values.rateType) }}
            error={form.getInputProps('reviews').error}
          />
        </Stack>
      )}

      {productType === PRODUCT_TYPES.hqReview ? (
        <Alert color="teal" variant="light" icon={<IconShieldCheck size={18} />} data-testid="reviews-note">
          {t('notes.guaranteed', {
            weeks: REVIEW_GUARANTEE.guaranteeDays / 7,
            keep: REVIEW_GUARANTEE.keepPercent,
            from: REVIEW_GUARANTEE.moderationHoursMin,
            to: REVIEW_GUARANTEE.moderationHoursMax,
          })}
        </Alert>
      ) : (
        <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />} data-testid="reviews-note">
          {t('notes.notGuaranteed')}
        </Alert>
      )}

      {isRatesOrReviews(productType) && (
        <Checkbox
          label={
            <Trans
              t={t}
              i18nKey="form.terms"
              components={{
                terms: <Anchor renderRoot={(props) => <Link {...props} to="/terms" target="_blank" />} />,
              }}
            />
          }
          {...form.getCheckboxProps('checkedTerms')}
          data-testid="campaign-terms"
        />
      )}
    </Stack>
  );
}
