import {
  ActionIcon,
  Button,
  Group,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  COUNTRIES,
  ORDERABLE_PRODUCT_TYPES,
  type AdminMarketingAction,
  type MarketingActionKind,
} from '@storelift/shared';
import { useTranslation } from 'react-i18next';
import { formModal, ModalForm } from '../../../components/form-modal';
import { countryName, dayBoundary, lastDayOf, localDay } from '../../../lib/format';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useSaveMarketingAction } from '../api/marketing-actions';
import { DateField } from '../../../components/date-field';

const loadSchema = () => import('../../../lib/contracts').then((m) => m.marketingActionBodySchema);
type Values = {
  type: MarketingActionKind;
  name: string;
  text: string;
  starts_at: string;
  ends_at: string;
  store: 1 | 2 | null;
  countries: string[];
  products: number[];
  price_plans: number[];
  tiers: { from: string; percent: string }[];
  is_active: boolean;
};

/** Creates a marketing action (`action` undefined) or edits one. */
export const MarketingActionModal = formModal(ActionForm, function useHeading({ action }) {
  const { t } = useTranslation('marketing');
  return {
    title: action ? t('form.editTitle', { name: action.name }) : t('form.createTitle'),
    testId: 'action-modal',
  };
});

function ActionForm({
  action,
  pricePlans,
  onClose,
}: {
  action?: AdminMarketingAction;
  pricePlans: { id: number; name: string }[];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('marketing');
  const { t: tc } = useTranslation('campaigns');
  const form = useSchemaForm<Values>(loadSchema, {
    type: action?.type ?? 'payment',
    name: action?.name ?? '',
    text: action?.text ?? '',
    starts_at: localDay(action?.starts_at ?? new Date()),
    ends_at: lastDayOf(action?.ends_at),
    store: (action?.store as 1 | 2 | null) ?? null,
    countries: action?.countries ?? [],
    products: action?.products ?? [],
    price_plans: action?.price_plans ?? [],
    tiers: action?.tiers.map((tier) => ({
      from: String(Number(tier.from)),
      percent: String(Number(tier.percent)),
    })) ?? [{ from: '0', percent: '10' }],
    is_active: action?.is_active ?? true,
  });
  const save = useSaveMarketingAction();
  const discount = form.values.type === 'campaign';
  const setTier = (index: number, key: 'from' | 'percent', value: string) =>
    form.setFieldValue(
      'tiers',
      form.values.tiers.map((tier, at) => (at === index ? { ...tier, [key]: value } : tier)),
    );
  const error = form.fieldError;

  return (
    <ModalForm
      form={form}
      save={(values) =>
        // The days picked are the user's: the action starts at that day's midnight in their time zone and
        // runs through the last day (to the next midnight there).
        save.mutateAsync({
          id: action?.id,
          body: {
            ...values,
            starts_at: dayBoundary(values.starts_at),
            ends_at: values.ends_at && dayBoundary(values.ends_at, true),
          },
        })
      }
      onClose={onClose}
      submitLabel={t('common.save')}
      submitTestId="action-save"
    >
      <SegmentedControl
        aria-label={t('form.type')}
        data={(['payment', 'campaign'] as const).map((value) => ({ value, label: t(`types.${value}`) }))}
        value={form.values.type}
        onChange={(value) => form.setFieldValue('type', value as MarketingActionKind)}
        data-testid="action-type"
      />
      <TextInput label={t('form.name')} required data-autofocus {...form.getInputProps('name')} />
      <Textarea
        label={t('form.text')}
        description={t('form.textHint')}
        autosize
        minRows={2}
        {...form.getInputProps('text')}
      />
      <Group grow>
        <DateField label={t('form.startsAt')} required {...form.getInputProps('starts_at')} />
        <DateField
          label={t('form.endsAt')}
          description={t('form.endsAtHint')}
          {...form.getInputProps('ends_at')}
        />
      </Group>
      {discount && (
        <Select
          label={t('form.store')}
          data={[
            { value: 'all', label: t('form.allStores') },
            { value: '1', label: t('stores.1') },
            { value: '2', label: t('stores.2') },
          ]}
          value={form.values.store === null ? 'all' : String(form.values.store)}
          onChange={(value) => form.setFieldValue('store', value === '1' ? 1 : value === '2' ? 2 : null)}
          allowDeselect={false}
        />
      )}
      <MultiSelect
        label={t('form.countries')}
        description={t(discount ? 'form.countriesDiscountHint' : 'form.countriesBonusHint')}
        placeholder={form.values.countries.length ? undefined : t('everyone')}
        data={COUNTRIES.map(({ code }) => ({ value: code, label: countryName(code, i18n.language) }))}
        value={form.values.countries}
        onChange={(value) => form.setFieldValue('countries', value)}
        error={error('countries')}
        searchable
        clearable
      />
      {discount && (
        <MultiSelect
          label={t('form.products')}
          placeholder={form.values.products.length ? undefined : t('everyone')}
          data={ORDERABLE_PRODUCT_TYPES.map((type) => ({
            value: String(type),
            label: tc(`types.${type}` as 'types.1'),
          }))}
          value={form.values.products.map(String)}
          onChange={(value) => form.setFieldValue('products', value.map(Number))}
          error={error('products') ?? error('products.0')}
          clearable
        />
      )}
      <MultiSelect
        label={t('form.pricePlans')}
        placeholder={form.values.price_plans.length ? undefined : t('everyone')}
        data={pricePlans.map((plan) => ({ value: String(plan.id), label: plan.name }))}
        value={form.values.price_plans.map(String)}
        onChange={(value) => form.setFieldValue('price_plans', value.map(Number))}
        error={error('price_plans')}
        clearable
      />
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {t('form.tiers')}
        </Text>
        <Text size="xs" c="dimmed">
          {t(discount ? 'form.tiersDiscountHint' : 'form.tiersBonusHint')}
        </Text>
        {form.values.tiers.map((tier, index) => (
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              label={t('form.tierFrom')}
              inputMode="decimal"
              value={tier.from}
              onChange={(event) => setTier(index, 'from', event.currentTarget.value)}
              error={error(`tiers.${index}.from`)}
              data-testid={`tier-from-${index}`}
            />
            <TextInput
              label={t('form.tierPercent')}
              inputMode="decimal"
              value={tier.percent}
              onChange={(event) => setTier(index, 'percent', event.currentTarget.value)}
              error={error(`tiers.${index}.percent`)}
              data-testid={`tier-percent-${index}`}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              aria-label={t('form.removeTier')}
              onClick={() =>
                form.setFieldValue(
                  'tiers',
                  form.values.tiers.filter((_, at) => at !== index),
                )
              }
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {error('tiers') && (
          <Text size="xs" c="red">
            {error('tiers')}
          </Text>
        )}
        <Button
          variant="subtle"
          size="xs"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.setFieldValue('tiers', [...form.values.tiers, { from: '', percent: '' }])}
          disabled={form.values.tiers.length >= 10}
          w="fit-content"
        >
          {t('form.addTier')}
        </Button>
      </Stack>
      <Switch label={t('form.active')} {...form.getCheckboxProps('is_active')} />
    </ModalForm>
  );
}
