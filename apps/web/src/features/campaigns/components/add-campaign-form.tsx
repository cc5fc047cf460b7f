import { useState, type ReactNode } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Tabs,
  TagsInput,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconClock, IconX } from '@tabler/icons-react';
import {
  createCampaignBodySchema,
  DELIVERY_TYPES,
  INSTALL_DISTRIBUTIONS,
  PRODUCT_TYPES,
  type AppStore,
  type Campaign,
} from '@storelift/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/error-modal';
import { ApiError } from '../../../lib/api';
import { countryName, formatDateTime, formatMoney, formatNumber, formatPrice } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { errorText, translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm, type FormSchema } from '../../../lib/use-schema-form';
import { appKeywordsQueryOptions, campaignQuoteQueryOptions, useCreateCampaign } from '../api/campaigns';
import {
  bodyFromValues,
  canQuote,
  crossFieldErrors,
  delayedStart,
  KEYWORD_DAYS_MAX,
  type CampaignFormValues,
  type Distribution,
  type FormProductType,
} from './campaign-logic';

/** The shared body schema plus the form's cross-field rules, as a Standard Schema for useSchemaForm. */
function loadFormSchema(): Promise<FormSchema> {
  return Promise.resolve({
    '~standard': {
      async validate(value: unknown) {
        const values = value as CampaignFormValues;
        const result = await createCampaignBodySchema['~standard'].validate(bodyFromValues(values));
        const issues = [...(result.issues ?? [])];
        for (const [field, message] of Object.entries(crossFieldErrors(values)))
          issues.push({ message, path: [field] });
        return { issues };
      },
    },
  });
}

/** The app the form promotes, chosen by the route's picker (the apps feature's). */
export interface AppChoice {
  packageId: string;
  appstore: number;
  country: string;
  /** Countries the app is tracked in. */
  countries: readonly string[];
}

/**
 * Add campaigns (customer-area §2): the keyword-installs and direct-installs tabs, the live price
 * (`POST campaigns/quote`, debounced), the delayed-start modal, Order and Save as draft.
 */
export function AddCampaignForm({
  initialValues,
  renderAppPicker,
  appCountries,
  onOrdered,
}: {
  initialValues: CampaignFormValues;
  renderAppPicker: (props: {
    value: { packageId: string; appstore: number } | null;
    error?: string;
    onChange: (app: AppChoice) => void;
  }) => ReactNode;
  /** Countries the chosen app is tracked in (first = its main one). */
  appCountries: (packageId: string, appstore: number) => readonly string[];
  onOrdered: (campaign: Campaign, draft: boolean) => void;
}) {
  const { t } = useTranslation('campaigns');
  const form = useSchemaForm<CampaignFormValues>(loadFormSchema, initialValues);
  const create = useCreateCampaign();
  const [startAt, setStartAt] = useState<string | null>(null);
  const [delayOpen, setDelayOpen] = useState(false);
  const [shortBalance, setShortBalance] = useState<string | null>(null);
  const { values } = form;
  const keywordInstalls = values.productType === PRODUCT_TYPES.keyword;

  const [quoteValues] = useDebouncedValue(values, 400);
  const quoteBody = bodyFromValues(quoteValues);
  const quote = useQuery(campaignQuoteQueryOptions(quoteBody, canQuote(quoteValues)));

  const keywords = useQuery({
    ...appKeywordsQueryOptions(values.packageId, values.appstore as AppStore, values.country),
    enabled: keywordInstalls && values.packageId !== '' && values.country !== '',
  });

  const countries = values.packageId ? appCountries(values.packageId, values.appstore) : [];
  const locale = currentLocale();

  const send = (draft: boolean) =>
    form.onSubmit(async (current) => {
      setShortBalance(null);
      try {
        const answer = await create.mutateAsync(bodyFromValues(current, { startAt, draft }));
        notifySuccess(translateMessage(answer.message ?? ''));
        onOrdered(answer.data, draft);
      } catch (error) {
        const balance = error instanceof ApiError ? error.errors?.balance?.[0] : undefined;
        if (balance) setShortBalance(translateMessage(balance));
        else showFormError(form, error);
      }
    });

  const setType = (value: string | null) => {
    const type = Number(value) as FormProductType;
    form.setFieldValue('productType', type);
    const days = Number(values.days);
    if (type === PRODUCT_TYPES.keyword && days > KEYWORD_DAYS_MAX)
      form.setFieldValue('days', KEYWORD_DAYS_MAX);
  };

  return (
    <form {...form.formProps} onSubmit={send(false)} data-testid="add-campaign-form">
      <Stack gap="lg">
        <Tabs value={String(values.productType)} onChange={setType} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value={String(PRODUCT_TYPES.keyword)} data-testid="tab-keyword-installs">
              {t('types.2')}
            </Tabs.Tab>
            <Tabs.Tab value={String(PRODUCT_TYPES.package)} data-testid="tab-direct-installs">
              {t('types.1')}
            </Tabs.Tab>
          </Tabs.List>
        </Tabs>
        <Text c="dimmed" size="sm">
          {keywordInstalls ? t('form.keywordIntro') : t('form.directIntro')}
        </Text>

        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              {renderAppPicker({
                value: values.packageId ? { packageId: values.packageId, appstore: values.appstore } : null,
                error: form.getInputProps('packageId').error,
                onChange: (app) => {
                  form.setFieldValue('packageId', app.packageId);
                  form.setFieldValue('appstore', app.appstore);
                  form.setFieldValue('country', app.country);
                  form.setFieldValue('serializedChildKeywords', []);
                },
              })}
              <Select
                label={t('form.country')}
                data={(countries.length ? countries : values.country ? [values.country] : []).map((code) => ({
                  value: code,
                  label: `${countryName(code, locale)} (${code})`,
                }))}
                value={values.country || null}
                error={form.getInputProps('country').error}
                onChange={(code) => {
                  if (!code) return;
                  form.setFieldValue('country', code);
                  form.setFieldValue('serializedChildKeywords', []);
                }}
                allowDeselect={false}
                disabled={!values.packageId}
                data-testid="campaign-country"
              />
            </SimpleGrid>

            {keywordInstalls && (
              <TagsInput
                label={t('form.keywords')}
                description={t('form.keywordsHint')}
                data={keywords.data ?? []}
                {...form.getInputProps('serializedChildKeywords')}
                maxTags={50}
                clearable
                data-testid="campaign-keywords"
              />
            )}

            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <NumberInput
                label={keywordInstalls ? t('form.installsPerKeyword') : t('form.installsPerDay')}
                min={5}
                max={5000}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('installs')}
                data-testid="campaign-installs"
              />
              <NumberInput
                label={t('form.days')}
                description={keywordInstalls ? t('form.keywordDaysHint') : undefined}
                min={1}
                max={keywordInstalls ? KEYWORD_DAYS_MAX : 60}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('days')}
                data-testid="campaign-days"
              />
            </SimpleGrid>

            {!keywordInstalls && (
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('form.distribution')}
                  </Text>
                  <SegmentedControl
                    value={values.distribution}
                    onChange={(value) => form.setFieldValue('distribution', value as Distribution)}
                    data={INSTALL_DISTRIBUTIONS.map((value) => ({
                      value,
                      label: t(`distribution.${value}`),
                    }))}
                  />
                </Stack>
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('form.delivery')}
                  </Text>
                  <SegmentedControl
                    value={String(values.deliveryType)}
                    onChange={(value) => form.setFieldValue('deliveryType', Number(value))}
                    data={[
                      { value: String(DELIVERY_TYPES.SPREAD), label: t('delivery.spread') },
                      { value: String(DELIVERY_TYPES.INSTANT), label: t('delivery.instant') },
                    ]}
                  />
                </Stack>
              </SimpleGrid>
            )}

            <Textarea
              label={t('form.notes')}
              description={t('form.notesHint')}
              autosize
              minRows={2}
              maxLength={1000}
              {...form.getInputProps('description')}
            />
          </Stack>
        </Card>

        <Card withBorder radius="lg" padding="lg" data-testid="campaign-quote">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                {t('form.price')}
              </Text>
              <Text fz={28} fw={700} ff="monospace" data-testid="campaign-price">
                {quote.data && canQuote(quoteValues) ? formatMoney(quote.data.price) : '—'}
              </Text>
              {quote.data && canQuote(quoteValues) && (
                <Text size="xs" c="dimmed">
                  {t('form.priceDetail', {
                    installs: formatNumber(quote.data.installs_total),
                    unit: formatPrice(quote.data.unit_price),
                  })}
                </Text>
              )}
              {quote.error && canQuote(quoteValues) && (
                <Text size="xs" c="red">
                  {errorText(quote.error)}
                </Text>
              )}
            </Stack>
            <Stack gap="xs" align="flex-end">
              {startAt ? (
                <Badge
                  size="lg"
                  variant="light"
                  leftSection={<IconClock size={14} />}
                  rightSection={
                    <IconX
                      size={14}
                      style={{ cursor: 'pointer' }}
                      aria-label={t('form.startNow')}
                      onClick={() => setStartAt(null)}
                    />
                  }
                  data-testid="campaign-start-at"
                >
                  {t('form.startsAt', { time: formatDateTime(startAt) })}
                </Badge>
              ) : (
                <Button
                  variant="subtle"
                  leftSection={<IconClock size={16} />}
                  onClick={() => setDelayOpen(true)}
                >
                  {t('form.delayedStart')}
                </Button>
              )}
              <Group gap="sm">
                <Button
                  variant="default"
                  onClick={() => send(true)()}
                  loading={form.submitting && create.variables?.draft === true}
                  disabled={form.submitting}
                  data-testid="campaign-save-draft"
                >
                  {t('form.saveDraft')}
                </Button>
                <Button type="submit" loading={form.submitting} data-testid="campaign-order">
                  {t('form.order')}
                </Button>
              </Group>
            </Stack>
          </Group>
          {shortBalance && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} mt="md" role="alert">
              <Group justify="space-between" gap="sm">
                <Text size="sm">{shortBalance}</Text>
                <Button size="xs" renderRoot={(props) => <Link {...props} to="/top-up-balance" />}>
                  {t('form.topUp')}
                </Button>
              </Group>
            </Alert>
          )}
        </Card>
      </Stack>
      <DelayedStartModal
        opened={delayOpen}
        onClose={() => setDelayOpen(false)}
        onConfirm={(value) => {
          setStartAt(value);
          setDelayOpen(false);
        }}
      />
    </form>
  );
}

/** The delayed-start modal: a date and a time, more than 5 minutes ahead (customer-area §5). */
function DelayedStartModal({
  opened,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  onClose: () => void;
  onConfirm: (startAt: string) => void;
}) {
  const { t } = useTranslation('campaigns');
  const [date, setDate] = useState('');
  const [time, setTime] = useState('');
  const [error, setError] = useState<string | null>(null);
  const confirm = () => {
    const result = delayedStart(date, time);
    if ('error' in result) setError(translateMessage(result.error));
    else {
      setError(null);
      onConfirm(result.startAt);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t('form.delayedStart')} centered>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('form.delayedHint')}
        </Text>
        <Group grow>
          <TextInput
            type="date"
            label={t('form.date')}
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
            data-testid="delayed-date"
          />
          <TextInput
            type="time"
            label={t('form.time')}
            value={time}
            onChange={(event) => setTime(event.currentTarget.value)}
            data-testid="delayed-time"
          />
        </Group>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('actions.close')}
          </Button>
          <Button onClick={confirm} data-testid="delayed-confirm">
            {t('form.setStart')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
