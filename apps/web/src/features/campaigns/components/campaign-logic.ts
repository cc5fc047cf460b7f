import {
  CAMPAIGN_DAYS_MAX,
  CAMPAIGN_MESSAGES,
  DELIVERY_TYPES,
  EDITABLE_STATUSES,
  LIMITS,
  ORDERABLE_PRODUCT_TYPES,
  PRODUCT_TYPES,
  RATE_TYPES,
  REVIEW_MODES,
  TERMS_PRODUCT_TYPES,
  allowsStatus,
  type Campaign,
  dayPlan,
  installsMinOf,
  minTotalMessage,
  moneyInputText,
  orderFieldErrors,
  orderMessageText,
  orderRulesOf,
  parseMoney,
  startAtMessage,
  type INSTALL_DISTRIBUTIONS,
  type OrderPurpose,
} from '@storelift/shared';
import type { CampaignBody } from '../api/campaigns';
import type { ReviewDraft, ReviewGender, ReviewLanguage } from './reviews/review-logic';

/** The product types this page orders: those `POST campaigns` takes (CPI has its own wizard). */
export const FORM_PRODUCT_TYPES = ORDERABLE_PRODUCT_TYPES;
export type FormProductType = (typeof FORM_PRODUCT_TYPES)[number];
export type Distribution = (typeof INSTALL_DISTRIBUTIONS)[number];

/**
 * What the customer picks in a tab: a product type, or the smart campaign (keyword installs with a total
 * budget instead of installs per keyword).
 */
export type FormProduct = 'keyword' | 'impressions' | 'smart' | 'package' | 'hqReview' | 'rate' | 'review';

/** The tabs of Add campaigns that this form fills, each with the products it offers (first = default). */
export const FORM_SECTIONS = {
  keywords: ['keyword', 'impressions', 'smart'],
  direct: ['package'],
  reviews: ['hqReview', 'rate', 'review'],
} as const satisfies Record<string, readonly FormProduct[]>;
export type FormSection = keyof typeof FORM_SECTIONS;

/** The product type a form product orders (the smart campaign is keyword installs). */
export function productTypeOf(product: FormProduct): FormProductType {
  return product === 'smart' ? PRODUCT_TYPES.keyword : PRODUCT_TYPES[product];
}

/**
 * The tabs and products this deployment sells (`orderable`: the server's `orderableProductTypes`); a tab
 * left with no product is left out.
 */
export function formSections(
  orderable: readonly number[],
): Partial<Record<FormSection, readonly FormProduct[]>> {
  const sections: Partial<Record<FormSection, readonly FormProduct[]>> = {};
  for (const section of Object.keys(FORM_SECTIONS) as FormSection[]) {
    const products = FORM_SECTIONS[section].filter((product) => orderable.includes(productTypeOf(product)));
    if (products.length) sections[section] = products;
  }
  return sections;
}

/** The Add campaigns form: the fields are named as in `POST campaigns`, so 422 messages land on them. */
export interface CampaignFormValues extends Record<string, unknown> {
  productType: FormProductType;
  /** Smart campaign (with productType keyword). */
  smart: boolean;
  /** The smart campaign's total budget. */
  budget: number | string;
  packageId: string;
  appstore: number;
  country: string;
  installs: number | string;
  days: number | string;
  distribution: Distribution;
  /** Installs for each day set by hand (the per-day plan editor); null = the distribution plans them. */
  installsPlan: (number | string)[] | null;
  deliveryType: number;
  description: string;
  serializedChildKeywords: string[];
  rateType: number;
  reviewMode: number;
  reviews: ReviewDraft[];
  /** Author gender and language of generated reviews and rates (and of custom reviews' random pack). */
  gender: ReviewGender;
  language: ReviewLanguage;
  checkedTerms: boolean;
}

export function productOf(values: Pick<CampaignFormValues, 'productType' | 'smart'>): FormProduct {
  if (values.productType === PRODUCT_TYPES.keyword && values.smart) return 'smart';
  const entry = Object.entries(PRODUCT_TYPES).find(([, type]) => type === values.productType);
  return (entry?.[0] ?? 'keyword') as FormProduct;
}

export function sectionOf(values: Pick<CampaignFormValues, 'productType' | 'smart'>): FormSection {
  const product = productOf(values);
  const found = (Object.keys(FORM_SECTIONS) as FormSection[]).find((section) =>
    (FORM_SECTIONS[section] as readonly FormProduct[]).includes(product),
  );
  return found ?? 'keywords';
}

/** The form fields a product sets: its type and the smart flag (days over its limit stay, for the form to refuse). */
export function withProduct(values: CampaignFormValues, product: FormProduct): CampaignFormValues {
  return { ...values, productType: productTypeOf(product), smart: product === 'smart' };
}

/** Product types whose orders go by keyword (one order per keyword). */
export function usesKeywords(productType: number): boolean {
  return productType === PRODUCT_TYPES.keyword || productType === PRODUCT_TYPES.impressions;
}

/** Reviews (guaranteed and not): custom texts or generated ones. */
export function usesReviewMode(productType: number): boolean {
  return productType === PRODUCT_TYPES.hqReview || productType === PRODUCT_TYPES.review;
}

/**
 * Rates and reviews (5-7): they need the terms accepted (customer-area §5) and carry a rate type, author
 * gender and language (§3, §9) — generated reviews and rates are delivered by them; custom texts keep them
 * for the random pack.
 */
export function isRatesOrReviews(productType: number): boolean {
  return (TERMS_PRODUCT_TYPES as readonly number[]).includes(productType);
}

/** Whether the custom review texts are part of the order. */
export function usesCustomReviews(values: Pick<CampaignFormValues, 'productType' | 'reviewMode'>): boolean {
  return usesReviewMode(values.productType) && values.reviewMode === REVIEW_MODES.CUSTOM;
}

/** Longest campaign of a product type (the shared order rules: keyword installs 14 days, others 60). */
export function daysMax(productType: number): number {
  return orderRulesOf(productType).daysMax;
}

/** Fewest installs per day (the shared order rules: guaranteed reviews on Google Play go down to 1). */
export const installsMin = installsMinOf;

/** Guaranteed reviews go to moderation first: they cannot have a delayed start (the shared order rules). */
export function allowsDelayedStart(productType: number): boolean {
  return orderRulesOf(productType).delayedStart;
}

export function emptyFormValues(productType: FormProductType = PRODUCT_TYPES.keyword): CampaignFormValues {
  return {
    productType,
    smart: false,
    budget: '',
    packageId: '',
    appstore: 1,
    country: '',
    installs: 10,
    days: usesKeywords(productType) ? 3 : 7,
    distribution: 'equal',
    installsPlan: null,
    deliveryType: DELIVERY_TYPES.INSTANT,
    description: '',
    serializedChildKeywords: [],
    rateType: RATE_TYPES.POSITIVE_AVERAGE,
    reviewMode: REVIEW_MODES.CUSTOM,
    reviews: [],
    gender: 'both',
    language: 'english',
    checkedTerms: false,
  };
}

/**
 * A campaign's settings in the form: an earlier campaign as a new order (`repeat`), or a draft or delayed
 * campaign to edit (`campaignId`). The terms are accepted again for each order.
 */
export function formValuesFromCampaign(campaign: Campaign): CampaignFormValues {
  const productType = (FORM_PRODUCT_TYPES as readonly number[]).includes(campaign.type)
    ? (campaign.type as FormProductType)
    : PRODUCT_TYPES.keyword;
  const empty = emptyFormValues(productType);
  return {
    ...empty,
    smart: productType === PRODUCT_TYPES.keyword && campaign.smart,
    budget: campaign.budget ? moneyInputText(parseMoney(campaign.budget)) : '',
    packageId: campaign.package,
    appstore: campaign.appstore,
    country: campaign.country.code.toUpperCase(),
    installs: campaign.installs,
    days: Math.min(campaign.days, daysMax(productType)),
    distribution: campaign.distribution,
    installsPlan: campaign.installsPlan && !campaign.smart ? [...campaign.installsPlan] : null,
    deliveryType:
      campaign.deliveryType === DELIVERY_TYPES.SPREAD ? DELIVERY_TYPES.SPREAD : DELIVERY_TYPES.INSTANT,
    description: campaign.description,
    serializedChildKeywords: usesKeywords(productType) ? [...campaign.keywords] : [],
    rateType: campaign.rateType ?? empty.rateType,
    reviewMode: campaign.reviewMode ?? empty.reviewMode,
    reviews: campaign.reviews ? [...campaign.reviews] : [],
    gender: campaign.gender ?? empty.gender,
    language: campaign.language ?? empty.language,
  };
}

/**
 * The body of an order, a draft, an edit or a quote: only the fields the product reads; numbers the form
 * cannot read are sent as they are (422).
 */
export function bodyFromValues(
  values: CampaignFormValues,
  options: { startAt?: string | null; draft?: boolean } = {},
): CampaignBody {
  const { productType } = values;
  const direct = productType === PRODUCT_TYPES.package;
  const smart = productType === PRODUCT_TYPES.keyword && values.smart;
  const body: CampaignBody = {
    productType,
    packageId: values.packageId,
    appstore: values.appstore as CampaignBody['appstore'],
    country: values.country,
    installs: toNumber(values.installs),
    days: toNumber(values.days),
    deliveryType: direct ? (values.deliveryType as CampaignBody['deliveryType']) : DELIVERY_TYPES.INSTANT,
    distribution: direct ? values.distribution : 'equal',
    description: values.description.trim(),
  };
  if (usesKeywords(productType)) body.serializedChildKeywords = values.serializedChildKeywords;
  const plan = planOf(values);
  if (plan && !smart) body.installsPlan = plan.map(toNumber);
  if (smart) {
    body.smart = true;
    body.budget = String(values.budget).trim();
    // The server derives the installs from the budget; a valid placeholder keeps the shared rule quiet.
    body.installs = LIMITS.installsMin;
  }
  if (usesReviewMode(productType)) body.reviewMode = values.reviewMode as CampaignBody['reviewMode'];
  if (usesCustomReviews(values)) body.reviews = values.reviews;
  if (isRatesOrReviews(productType)) {
    body.rateType = values.rateType as CampaignBody['rateType'];
    body.gender = values.gender;
    body.language = values.language;
    body.checkedTerms = values.checkedTerms;
  }
  if (options.startAt && allowsDelayedStart(productType)) body.start_at = options.startAt;
  if (options.draft) body.draft = true;
  return body;
}

function toNumber(value: number | string): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Number(value);
}

/**
 * The per-day plan set by hand, fitted to the days (a day added gets the installs per day), or null when
 * the distribution plans the days.
 */
export function planOf(values: CampaignFormValues): (number | string)[] | null {
  const days = toNumber(values.days);
  if (!values.installsPlan || !Number.isInteger(days) || days < 1) return values.installsPlan;
  return Array.from({ length: days }, (_, index) => values.installsPlan![index] ?? values.installs);
}

/** The plan the editor starts from: the distribution's plan of the installs per day and days. */
export function startingPlan(values: CampaignFormValues): number[] {
  const installs = toNumber(values.installs);
  const days = toNumber(values.days);
  if (!Number.isInteger(installs) || !Number.isInteger(days) || days < 1 || days > CAMPAIGN_DAYS_MAX)
    return [];
  return dayPlan(
    installs,
    days,
    values.productType === PRODUCT_TYPES.package ? values.distribution : 'equal',
  );
}

/** Installs a plan holds in all; NaN while a day is not a number. */
export function planTotal(plan: readonly (number | string)[]): number {
  return plan.reduce<number>((sum, day) => sum + toNumber(day), 0);
}

/** Installs the form orders in all (per day × days, × keywords for keyword products); NaN if unknown. */
export function orderedTotal(values: CampaignFormValues): number {
  const plan = planOf(values);
  const perKeyword = plan ? planTotal(plan) : toNumber(values.installs) * toNumber(values.days);
  return usesKeywords(values.productType) ? perKeyword * values.serializedChildKeywords.length : perKeyword;
}

/**
 * The body of `POST campaigns/quote`: what the price reads, without the notes and review texts (a field the
 * price does not need keeps no price from showing).
 */
export function quoteBody(values: CampaignFormValues): CampaignBody {
  const { reviews: _texts, ...body } = bodyFromValues(values);
  return { ...body, description: '' };
}

/**
 * Whether the form is complete enough for `POST campaigns/quote` (the server checks the rest): the shared
 * order rules hold for the installs range and the days, and every number the rules leave to the body schema
 * is one.
 */
export function canQuote(values: CampaignFormValues): boolean {
  const smart = values.productType === PRODUCT_TYPES.keyword && values.smart;
  const days = toNumber(values.days);
  const { installs: installsErrors, days: daysErrors } = fieldErrors(values, 'quote');
  return (
    values.packageId !== '' &&
    values.country !== '' &&
    (smart
      ? /^\d{1,7}(\.\d{1,2})?$/.test(String(values.budget).trim()) &&
        parseMoney(String(values.budget).trim()) > 0n
      : Number.isInteger(toNumber(values.installs)) && !installsErrors) &&
    Number.isInteger(days) &&
    days >= LIMITS.daysMin &&
    !daysErrors &&
    (planOf(values) ?? []).every((day) => Number.isInteger(toNumber(day))) &&
    (!orderRulesOf(values.productType).keywords || values.serializedChildKeywords.length > 0)
  );
}

/** The first message of each field. */
function firstMessages(errors: Record<string, string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages[0]!]));
}

/**
 * The order rules the form checks before sending an order or a draft: the shared `orderFieldErrors` of
 * the body it would send (as the server answers them, the review count included); field → message. The
 * plan total is the server's `installs` error: a plan set by hand shows it at the per-day editor.
 */
export function crossFieldErrors(values: CampaignFormValues): Record<string, string> {
  return formErrors(values, 'draft');
}

/** What an order needs beyond a draft (the terms accepted for rates and reviews, customer-area §5). */
export function orderErrors(values: CampaignFormValues): Record<string, string> {
  const draft = crossFieldErrors(values);
  return Object.fromEntries(
    Object.entries(formErrors(values, 'order')).filter(([field]) => !(field in draft)),
  );
}

function formErrors(values: CampaignFormValues, purpose: 'order' | 'draft'): Record<string, string> {
  return firstMessages(fieldErrors(values, purpose));
}

/** The shared `orderFieldErrors` of the form's body; a plan set by hand carries its total's message. */
function fieldErrors(values: CampaignFormValues, purpose: OrderPurpose): Record<string, string[]> {
  const body = bodyFromValues(values);
  const errors = orderFieldErrors(body, { purpose, now: new Date(), form: true });
  const total = orderMessageText(minTotalMessage(installsMinOf(body.productType, body.appstore), body.days));
  if (body.installsPlan && errors.installs?.includes(total)) {
    errors.installs = errors.installs.filter((message) => message !== total);
    if (!errors.installs.length) delete errors.installs;
    errors.installsPlan = [...(errors.installsPlan ?? []), total];
  }
  return errors;
}

/**
 * The delayed start of the modal (a date `YYYY-MM-DD` and a time `HH:mm`, local): its ISO time, or the
 * message why it cannot be used.
 */
export function delayedStart(
  date: string,
  time: string,
  now: Date = new Date(),
): { startAt: string } | { error: string } {
  if (!date || !time) return { error: CAMPAIGN_MESSAGES.campaignDateEmpty };
  const when = new Date(`${date}T${time}`);
  if (Number.isNaN(when.getTime())) return { error: CAMPAIGN_MESSAGES.campaignDateEmpty };
  const error = startAtMessage(when.toISOString(), now);
  return error ? { error } : { startAt: when.toISOString() };
}

/** Whether the edit link shows: for an editable status, or a note that a legacy campaign cannot be edited. */
export function editState(campaign: Pick<Campaign, 'status' | 'is_legacy'>): 'editable' | 'legacy' | null {
  if (!allowsStatus(EDITABLE_STATUSES, campaign.status)) return null;
  return campaign.is_legacy ? 'legacy' : 'editable';
}

export type CsvCell = string | number | boolean | null | undefined;

/**
 * CSV text (RFC 4180, comma-separated, CRLF): cells with a comma, quote or line break are quoted with
 * quotes doubled; text that a spreadsheet would run as a formula (=, +, -, @ first) gets a leading
 * apostrophe, numbers stay numbers.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n');
}

function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text))
    text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A CPI campaign's country count and spend so far as a list row shows them: the list's `cpi_summary`, or
 * the `cpi` part of an action's answer (which replaces the row); null for other campaigns.
 */
export function cpiOfRow(campaign: Campaign): { countries: number; spent: string } | null {
  if (campaign.type !== PRODUCT_TYPES.cpi) return null;
  if (campaign.cpi_summary) return campaign.cpi_summary;
  return campaign.cpi ? { countries: campaign.cpi.countries.length, spent: campaign.cpi.spent } : null;
}
