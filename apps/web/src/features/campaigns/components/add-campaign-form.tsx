import { useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Tabs,
  TagsInput,
  Text,
  TextInput,
  Textarea,
  useMatches,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';
import {
  createCampaignBodySchema,
  DELIVERY_TYPES,
  INSTALL_DISTRIBUTIONS,
  PRODUCT_TYPES,
  type AppStore,
  type Campaign,
} from '@storelift/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { showFormError } from '../../../components/error-modal';
import { ApiError } from '../../../lib/api';
import { countryName, formatMoney, formatNumber, formatPercent } from '../../../lib/format';
import { currentLocale } from '../../../lib/i18n';
import { errorText, fieldErrorTexts, translateMessage } from '../../../lib/messages';
import { notifySuccess } from '../../../lib/notify';
import { useSchemaForm, type FormSchema } from '../../../lib/use-schema-form';
import {
  appKeywordsQueryOptions,
  campaignQuoteQueryOptions,
  useCampaignAction,
  useSaveCampaign,
  type CampaignBody,
} from '../api/campaigns';
import { pacingQueryOptions } from '../api/pacing';
import {
  allowsDelayedStart,
  bodyFromValues,
  canQuote,
  crossFieldErrors,
  daysMax,
  formSections,
  installsMin,
  orderErrors,
  planOf,
  productOf,
  quoteBody,
  sectionOf,
  startingPlan,
  usesKeywords,
  withProduct,
  type CampaignFormValues,
  type Distribution,
  type FormProduct,
  type FormSection,
} from './campaign-logic';
import { DayPlanEditor } from './day-plan-editor';
import { DelayedStart } from './delayed-start';
import { KeywordPacing } from './keyword-pacing';
import { OrderReview, type OrderSummary } from './order-review';
import { DEFAULT_TARGET_RANK, pacingBodyOf, planFields } from './pacing-plan';
import { ReviewOrderFields } from './reviews/review-order-fields';
import { SmartPlan } from './smart-plan';

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

/** A tab of Add campaigns that another feature fills (the CPI wizard). */
export interface ExtraTab {
  value: string;
  label: string;
  testId: string;
  panel: ReactNode;
}

/** A draft or delayed campaign the form edits (`PUT campaigns/{id}`) instead of ordering a new one. */
export interface EditedCampaign {
  id: number;
  status: Campaign['status'];
  startAt: string | null;
}

const SECTION_TABS: { section: FormSection; testId: string }[] = [
  { section: 'keywords', testId: 'tab-keyword-installs' },
  { section: 'direct', testId: 'tab-direct-installs' },
  { section: 'reviews', testId: 'tab-guaranteed-reviews' },
];

/**
 * Add campaigns (customer-area §2): the keyword (keyword installs, impressions, smart), direct-installs and
 * guaranteed-reviews (guaranteed reviews, rates, reviews) tabs with the products this deployment sells, any
 * extra tab of another feature, the live price (`POST campaigns/quote`, debounced, as soon as the fields it
 * reads are valid), the delayed-start modal, Order (a review step, then Pay) and Save as draft, or Save for
 * an edited draft or delayed campaign.
 */
export function AddCampaignForm({
  initialValues,
  edited,
  orderable,
  balance,
  appTitle,
  renderAppPicker,
  appCountries,
  onOrdered,
  extraTabs = [],
  initialTab = null,
  advancedMode = { initial: true, switchable: false },
}: {
  initialValues: CampaignFormValues;
  edited?: EditedCampaign;
  /** The product types this deployment sells (`GET constants` `orderableProductTypes`). */
  orderable: readonly number[];
  /** Main + bonus balance as a decimal text (the review step's balance after), undefined while unknown. */
  balance: string | undefined;
  /** The title of a tracked app, for the review step. */
  appTitle: (packageId: string, appstore: number) => string;
  renderAppPicker: (props: {
    value: { packageId: string; appstore: number } | null;
    error?: string;
    onChange: (app: AppChoice) => void;
  }) => ReactNode;
  /** Countries the chosen app is tracked in (first = its main one). */
  appCountries: (packageId: string, appstore: number) => readonly string[];
  onOrdered: (campaign: Campaign, draft: boolean) => void;
  extraTabs?: readonly ExtraTab[];
  /** An extra tab to open first (e.g. the CPI wizard for `productType=4`). */
  initialTab?: string | null;
  /**
   * The advanced mode (customer-area §2 `isAdvancedMode`, `omitAdvancedMode`) shows the per-day plan and the
   * installs per keyword; the simple one hides them. `switchable` shows its switch.
   */
  advancedMode?: { initial: boolean; switchable: boolean };
}) {
  const { t } = useTranslation('campaigns');
  const form = useSchemaForm<CampaignFormValues>(loadFormSchema, initialValues);
  const save = useSaveCampaign();
  const startCampaign = useCampaignAction();
  const [startAt, setStartAt] = useState<string | null>(edited?.startAt ?? null);
  const [shortBalance, setShortBalance] = useState<string | null>(null);
  const [extraTab, setExtraTab] = useState<string | null>(initialTab);
  const [advanced, setAdvanced] = useState(advancedMode.initial);
  const [review, setReview] = useState<{ body: CampaignBody; summary: OrderSummary } | null>(null);
  const [target, setTarget] = useState<number | string>(DEFAULT_TARGET_RANK);
  const client = useQueryClient();
  const { values } = form;
  const { productType } = values;
  const product = productOf(values);
  const section = sectionOf(values);
  const sections = formSections(orderable);
  const sectionTabs = SECTION_TABS.filter((tab) => sections[tab.section]);
  const products = sections[section] ?? [];
  const smart = product === 'smart';
  const keywordProduct = usesKeywords(productType);
  // Choices side by side do not fit a phone's width in every language: they stack there.
  const orientation = useMatches({ base: 'vertical' as const, sm: 'horizontal' as const });

  const [quoteValues] = useDebouncedValue(values, 400);
  const quotable = canQuote(quoteValues);
  const quote = useQuery(campaignQuoteQueryOptions(quoteBody(quoteValues), quotable));
  const [pacingTarget] = useDebouncedValue(target, 400);
  const pacingBody = pacingBodyOf(quoteValues, pacingTarget);
  const pacing = useQuery(pacingQueryOptions(pacingBody));
  const showPacing = pacingBodyOf(values, DEFAULT_TARGET_RANK) !== null;

  const keywords = useQuery({
    ...appKeywordsQueryOptions(values.packageId, values.appstore as AppStore, values.country),
    enabled: keywordProduct && values.packageId !== '' && values.country !== '',
  });

  const countries = values.packageId ? appCountries(values.packageId, values.appstore) : [];
  const locale = currentLocale();
  const delayable = allowsDelayedStart(productType);

  /**
   * Saves or orders `body`. An edited draft is saved as a draft and then started when it is ordered; an
   * edited delayed campaign keeps its status (and needs its start time).
   */
  const place = async (body: CampaignBody, draft: boolean) => {
    setShortBalance(null);
    try {
      let answer = await save.mutateAsync({ id: edited?.id, body });
      if (edited?.status === 'draft' && !draft)
        answer = await startCampaign.mutateAsync({ id: edited.id, action: 'start' });
      notifySuccess(translateMessage(answer.message ?? ''));
      onOrdered(answer.data, draft);
    } catch (error) {
      setReview(null);
      const short = error instanceof ApiError ? fieldErrorTexts(error).balance?.[0] : undefined;
      if (short) setShortBalance(short);
      else showFormError(form, error);
    }
  };

  /** What the review step shows of the checked form and its price, read again for exactly these values. */
  const summaryOf = async (current: CampaignFormValues, start: string | null): Promise<OrderSummary> => {
    const priced = await client.fetchQuery(campaignQuoteQueryOptions(quoteBody(current), true));
    const chosen = productOf(current);
    // The plan's installs per keyword: where it leaves each keyword. The review opens without it if it fails.
    const pacingAsked = pacingBodyOf(
      current,
      target,
      priced.sequence.reduce((sum, day) => sum + day, 0),
    );
    const pacingOfPlan = pacingAsked
      ? await client.fetchQuery(pacingQueryOptions(pacingAsked)).catch(() => null)
      : null;
    return {
      product: t(`product.${chosen}`),
      app: appTitle(current.packageId, current.appstore),
      country: `${countryName(current.country, locale)} (${current.country})`,
      keywords:
        chosen === 'smart'
          ? priced.orders.map((order) => `${order.keyword ?? ''} (${formatNumber(order.installs_total)})`)
          : usesKeywords(current.productType)
            ? current.serializedChildKeywords
            : [],
      perKeyword: usesKeywords(current.productType) && chosen !== 'smart',
      quote: priced,
      balance,
      startAt: start,
      pacing: pacingOfPlan,
    };
  };

  /**
   * Save as draft, save an edited delayed campaign, or order: an order first opens the review step with
   * its price (nothing is charged until Pay there).
   */
  const send = (draft: boolean) =>
    form.onSubmit(async (current) => {
      setShortBalance(null);
      const missing = draft ? [] : Object.entries(orderErrors(current));
      for (const [field, message] of missing) form.setFieldError(field, message);
      if (missing.length) return;
      const start = delayable ? startAt : null;
      const body = bodyFromValues(current, { startAt: start, draft: draft || edited?.status === 'draft' });
      if (draft || edited?.status === 'delayed') return place(body, draft);
      try {
        setReview({ body, summary: await summaryOf(current, start) });
      } catch (error) {
        showFormError(form, error);
      }
    });

  /** "Use this plan": the suggestion sets installs a day and days (and each day, where the plan shows). */
  const usePlan = (plan: { installs_per_day: number; days: number }) => {
    const fields = planFields(plan, advanced);
    form.setFieldValue('installs', fields.installs);
    form.setFieldValue('days', fields.days);
    form.setFieldValue('installsPlan', fields.installsPlan);
  };

  // The simple mode sends no hand-set plan it does not show.
  const switchAdvanced = (on: boolean) => {
    setAdvanced(on);
    if (!on) form.setFieldValue('installsPlan', null);
  };

  const setProduct = (next: FormProduct) => {
    const changed = withProduct(values, next);
    form.setFieldValue('productType', changed.productType);
    form.setFieldValue('smart', changed.smart);
    if (changed.days !== values.days) form.setFieldValue('days', changed.days);
  };
  const setTab = (value: string | null) => {
    const target = sectionTabs.find((tab) => tab.section === value);
    setExtraTab(target ? null : value);
    if (target && target.section !== section) setProduct(sections[target.section]![0]!);
  };
  const extra = extraTabs.find((tab) => tab.value === extraTab);
  // An edit keeps its product: only the tab it opened in stays enabled (an extra tab's edit is its own).
  const currentTab = extra ? extra.value : section;

  const installsLabel: Record<FormProduct, string> = {
    keyword: t('form.installsPerKeyword'),
    impressions: t('form.impressionsPerKeyword'),
    smart: '',
    package: t('form.installsPerDay'),
    hqReview: t('form.reviewsPerDay'),
    rate: t('form.ratesPerDay'),
    review: t('form.reviewsPerDay'),
  };

  return (
    <Stack gap="lg">
      <Tabs value={currentTab} onChange={setTab} keepMounted={false}>
        <Tabs.List>
          {sectionTabs.map((tab) => (
            <Tabs.Tab
              key={tab.section}
              value={tab.section}
              data-testid={tab.testId}
              disabled={edited && tab.section !== currentTab}
            >
              {/* Named after its first product; the reviews tab without guaranteed reviews holds two. */}
              {sections[tab.section]![0] === 'rate'
                ? t('add.ratesAndReviews')
                : t(`product.${sections[tab.section]![0]!}`)}
            </Tabs.Tab>
          ))}
          {extraTabs.map((tab) => (
            <Tabs.Tab
              key={tab.value}
              value={tab.value}
              data-testid={tab.testId}
              disabled={edited && tab.value !== currentTab}
            >
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>

      {extra ? (
        extra.panel
      ) : (
        <form {...form.formProps} onSubmit={send(false)} data-testid="add-campaign-form">
          <Stack gap="lg">
            {products.length > 1 && (
              <SegmentedControl
                value={product}
                onChange={(value) => setProduct(value as FormProduct)}
                data={products.map((value) => ({ value, label: t(`product.${value}`) }))}
                disabled={Boolean(edited)}
                fullWidth
                orientation={orientation}
                maw={620}
                data-testid="campaign-product"
              />
            )}
            <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
              <Text c="dimmed" size="sm" style={{ flex: '1 1 320px' }}>
                {t(`intro.${product}`)}
              </Text>
              {advancedMode.switchable && (
                <Switch
                  label={t('form.advancedMode')}
                  description={t('form.advancedModeHint')}
                  checked={advanced}
                  onChange={(event) => switchAdvanced(event.currentTarget.checked)}
                  data-testid="campaign-advanced-mode"
                />
              )}
            </Group>

            <Card withBorder radius="lg" padding="lg">
              <Stack gap="md">
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                  {renderAppPicker({
                    value: values.packageId
                      ? { packageId: values.packageId, appstore: values.appstore }
                      : null,
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
                    data={(countries.length ? countries : values.country ? [values.country] : []).map(
                      (code) => ({ value: code, label: `${countryName(code, locale)} (${code})` }),
                    )}
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

                {keywordProduct && (
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
                  {smart ? (
                    <TextInput
                      label={t('form.budget')}
                      description={t('form.budgetHint')}
                      inputMode="decimal"
                      leftSection="$"
                      {...form.getInputProps('budget')}
                      value={String(values.budget)}
                      data-testid="campaign-budget"
                    />
                  ) : (
                    <NumberInput
                      label={installsLabel[product]}
                      min={installsMin(productType, values.appstore)}
                      max={5000}
                      allowDecimal={false}
                      allowNegative={false}
                      {...form.getInputProps('installs')}
                      data-testid="campaign-installs"
                    />
                  )}
                  <NumberInput
                    label={t('form.days')}
                    description={
                      productType === PRODUCT_TYPES.keyword ? t('form.keywordDaysHint') : undefined
                    }
                    min={1}
                    max={daysMax(productType)}
                    allowDecimal={false}
                    allowNegative={false}
                    {...form.getInputProps('days')}
                    data-testid="campaign-days"
                  />
                </SimpleGrid>

                {showPacing && (
                  <KeywordPacing
                    target={target}
                    onTarget={setTarget}
                    pacing={pacing.data}
                    loading={pacing.isFetching}
                    error={pacing.error}
                    onUse={usePlan}
                  />
                )}

                {product === 'package' && (
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <Stack gap={4}>
                      <Text size="sm" fw={500}>
                        {t('form.distribution')}
                      </Text>
                      <SegmentedControl
                        orientation={orientation}
                        fullWidth
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
                        fullWidth
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

                {advanced && !smart && (
                  <DayPlanEditor
                    plan={planOf(values)}
                    starting={startingPlan(values)}
                    perKeyword={keywordProduct}
                    error={form.errors.installsPlan as string | undefined}
                    onChange={(plan) => form.setFieldValue('installsPlan', plan)}
                  />
                )}

                {section === 'reviews' && <ReviewOrderFields form={form} />}

                <Textarea
                  label={t('form.notes')}
                  description={t('form.notesHint')}
                  autosize
                  minRows={2}
                  {...form.getInputProps('description')}
                />
              </Stack>
            </Card>

            {advanced && smart && quotable && quote.data && <SmartPlan orders={quote.data.orders} />}

            <Card withBorder radius="lg" padding="lg" data-testid="campaign-quote">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
                <Stack gap={2}>
                  <Text size="sm" c="dimmed">
                    {t('form.price')}
                  </Text>
                  <Text fz={28} fw={700} ff="monospace" data-testid="campaign-price">
                    {quote.data && quotable ? formatMoney(quote.data.price) : '—'}
                  </Text>
                  {quote.data && quotable && (
                    <Text size="xs" c="dimmed" data-testid="campaign-price-detail">
                      {/* The unit price keeps its 4 places here (an impression costs a fraction of a cent,
                          a plan's price may be 0.108), so the sum reads right. */}
                      {t(`form.priceDetail.${product === 'impressions' ? 'impressions' : section}`, {
                        installs: formatNumber(quote.data.installs_total),
                        unit: formatMoney(quote.data.unit_price, 4),
                      })}
                    </Text>
                  )}
                  {quote.data?.discount && quotable && (
                    <Stack gap={0} data-testid="campaign-discount">
                      <Text size="xs" c="green">
                        {t('form.discount', {
                          name: quote.data.discount.name,
                          percent: formatPercent(quote.data.discount.percent),
                          listPrice: formatMoney(quote.data.discount.list_price),
                        })}
                      </Text>
                      {/* The action's text as staff wrote it. */}
                      {quote.data.discount.text && (
                        <Text size="xs" c="dimmed">
                          {quote.data.discount.text}
                        </Text>
                      )}
                    </Stack>
                  )}
                  {quote.error && quotable && (
                    <Text size="xs" c="red">
                      {errorText(quote.error)}
                    </Text>
                  )}
                </Stack>
                <Stack gap="xs" align="flex-end">
                  {delayable && (
                    <DelayedStart
                      startAt={startAt}
                      onChange={setStartAt}
                      fixed={edited?.status === 'delayed'}
                      testId="campaign"
                    />
                  )}
                  <Group gap="sm">
                    {edited?.status === 'delayed' ? (
                      <Button
                        onClick={() => send(false)()}
                        loading={form.submitting}
                        data-testid="campaign-save"
                      >
                        {t('form.saveChanges')}
                      </Button>
                    ) : (
                      <>
                        <Button
                          variant="default"
                          onClick={() => send(true)()}
                          loading={form.submitting && save.variables?.body.draft === true}
                          disabled={form.submitting}
                          data-testid="campaign-save-draft"
                        >
                          {edited ? t('form.saveChanges') : t('form.saveDraft')}
                        </Button>
                        <Button type="submit" loading={form.submitting} data-testid="campaign-review">
                          {t('form.review')}
                        </Button>
                      </>
                    )}
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
        </form>
      )}
      <OrderReview
        summary={review?.summary ?? null}
        paying={save.isPending || startCampaign.isPending}
        onPay={() => review && void place(review.body, false)}
        onClose={() => setReview(null)}
      />
    </Stack>
  );
}
