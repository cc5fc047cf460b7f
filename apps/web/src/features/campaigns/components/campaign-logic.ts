import {
  DELIVERY_TYPES,
  LIMITS,
  CAMPAIGN_MESSAGES,
  MESSAGES,
  PRODUCT_TYPES,
  type Campaign,
  type CampaignOrder,
  type CampaignStatus,
  type INSTALL_DISTRIBUTIONS,
} from '@storelift/shared';
import type { CampaignAction, CampaignBody } from '../api/campaigns';

/** The product types this page orders (the server has no other yet). */
export const FORM_PRODUCT_TYPES = [PRODUCT_TYPES.keyword, PRODUCT_TYPES.package] as const;
export type FormProductType = (typeof FORM_PRODUCT_TYPES)[number];
export type Distribution = (typeof INSTALL_DISTRIBUTIONS)[number];

/** Keyword installs run at most 14 days (customer-area §5). */
export const KEYWORD_DAYS_MAX = 14;
/** A delayed start must be more than 5 minutes ahead (customer-area §5). */
export const DELAY_MIN_MS = 5 * 60_000;

/** The Add campaigns form: the fields are named as in `POST campaigns`, so 422 messages land on them. */
export interface CampaignFormValues extends Record<string, unknown> {
  productType: FormProductType;
  packageId: string;
  appstore: number;
  country: string;
  installs: number | string;
  days: number | string;
  distribution: Distribution;
  deliveryType: number;
  description: string;
  serializedChildKeywords: string[];
}

export function emptyFormValues(productType: FormProductType = PRODUCT_TYPES.keyword): CampaignFormValues {
  return {
    productType,
    packageId: '',
    appstore: 1,
    country: '',
    installs: 10,
    days: productType === PRODUCT_TYPES.keyword ? 3 : 7,
    distribution: 'equal',
    deliveryType: DELIVERY_TYPES.INSTANT,
    description: '',
    serializedChildKeywords: [],
  };
}

/** An earlier campaign's settings as a new order (`repeat` and `campaignId` query values). */
export function formValuesFromCampaign(campaign: Campaign): CampaignFormValues {
  const productType: FormProductType =
    campaign.type === PRODUCT_TYPES.package ? PRODUCT_TYPES.package : PRODUCT_TYPES.keyword;
  return {
    productType,
    packageId: campaign.package,
    appstore: campaign.appstore,
    country: campaign.country.code.toUpperCase(),
    installs: campaign.installs,
    days: productType === PRODUCT_TYPES.keyword ? Math.min(campaign.days, KEYWORD_DAYS_MAX) : campaign.days,
    distribution: campaign.distribution,
    deliveryType:
      campaign.deliveryType === DELIVERY_TYPES.SPREAD ? DELIVERY_TYPES.SPREAD : DELIVERY_TYPES.INSTANT,
    description: campaign.description,
    serializedChildKeywords: productType === PRODUCT_TYPES.keyword ? [...campaign.keywords] : [],
  };
}

/** The body of an order, a draft or a quote; numbers the form cannot read are sent as they are (422). */
export function bodyFromValues(
  values: CampaignFormValues,
  options: { startAt?: string | null; draft?: boolean } = {},
): CampaignBody {
  const keywordInstalls = values.productType === PRODUCT_TYPES.keyword;
  const body: CampaignBody = {
    productType: values.productType,
    packageId: values.packageId,
    appstore: values.appstore as CampaignBody['appstore'],
    country: values.country,
    installs: toNumber(values.installs),
    days: toNumber(values.days),
    deliveryType: keywordInstalls
      ? DELIVERY_TYPES.INSTANT
      : (values.deliveryType as CampaignBody['deliveryType']),
    distribution: keywordInstalls ? 'equal' : values.distribution,
    description: values.description.trim(),
  };
  if (keywordInstalls) body.serializedChildKeywords = values.serializedChildKeywords;
  if (options.startAt) body.start_at = options.startAt;
  if (options.draft) body.draft = true;
  return body;
}

function toNumber(value: number | string): number {
  if (typeof value === 'number') return value;
  return value.trim() === '' ? Number.NaN : Number(value);
}

/** Whether the form is complete enough for `POST campaigns/quote` (the server checks the rest). */
export function canQuote(values: CampaignFormValues): boolean {
  const installs = toNumber(values.installs);
  const days = toNumber(values.days);
  return (
    values.packageId !== '' &&
    values.country !== '' &&
    Number.isInteger(installs) &&
    installs >= LIMITS.installsMin &&
    installs <= LIMITS.installsMax &&
    Number.isInteger(days) &&
    days >= LIMITS.daysMin &&
    (values.productType !== PRODUCT_TYPES.keyword ||
      (days <= KEYWORD_DAYS_MAX && values.serializedChildKeywords.length > 0))
  );
}

/** The cross-field rules the form checks before sending (customer-area §5); field → message. */
export function crossFieldErrors(values: CampaignFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (values.productType === PRODUCT_TYPES.keyword) {
    if (values.serializedChildKeywords.length === 0)
      errors.serializedChildKeywords = MESSAGES.keywordsNotSelected;
    const days = toNumber(values.days);
    if (Number.isFinite(days) && days > KEYWORD_DAYS_MAX)
      errors.days = CAMPAIGN_MESSAGES.campaignKeywordDaysMax;
  }
  if (!values.packageId) errors.packageId = MESSAGES.required;
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
  if (when.getTime() - now.getTime() <= DELAY_MIN_MS)
    return { error: CAMPAIGN_MESSAGES.campaignStartTooSoon };
  return { startAt: when.toISOString() };
}

/** Statuses a campaign can still be cancelled from (docs/campaigns.md, lifecycle). */
const CANCELABLE: readonly CampaignStatus[] = [
  'draft',
  'delayed',
  'moderation',
  'pending',
  'active',
  'pause',
];
const ARCHIVABLE: readonly CampaignStatus[] = ['completed', 'canceled', 'failed', 'rejected'];

/** The lifecycle actions a campaign's status allows, in the order the row menu lists them. */
export function allowedActions(campaign: Pick<Campaign, 'status' | 'is_legacy'>): CampaignAction[] {
  const actions: CampaignAction[] = [];
  const { status } = campaign;
  if ((status === 'draft' || status === 'delayed') && !campaign.is_legacy) actions.push('start');
  if (status === 'active') actions.push('pause');
  if (status === 'pause') actions.push('resume');
  if (CANCELABLE.includes(status)) actions.push('cancel');
  if (ARCHIVABLE.includes(status)) actions.push('archive');
  return actions;
}

/** The colour of a status badge. */
export function statusColor(status: CampaignStatus): string {
  switch (status) {
    case 'active':
      return 'teal';
    case 'completed':
      return 'green';
    case 'pause':
    case 'delayed':
      return 'yellow';
    case 'pending':
    case 'moderation':
      return 'blue';
    case 'failed':
    case 'rejected':
      return 'red';
    case 'canceled':
    case 'archived':
      return 'gray';
    default:
      return 'indigo';
  }
}

export interface DayProgress {
  day: number;
  planned: number;
  delivered: number;
}

/** Planned and delivered installs per campaign day, summed over the orders (one per keyword). */
export function dailyProgress(orders: readonly Pick<CampaignOrder, 'sequence'>[]): DayProgress[] {
  const byDay = new Map<number, DayProgress>();
  for (const order of orders) {
    for (const { day, installs_total, installs_actual } of order.sequence) {
      const row = byDay.get(day) ?? { day, planned: 0, delivered: 0 };
      row.planned += installs_total;
      row.delivered += installs_actual;
      byDay.set(day, row);
    }
  }
  return [...byDay.values()].sort((a, b) => a.day - b.day);
}

/** Delivered share of a campaign, 0-100. */
export function progressPercent(campaign: Pick<Campaign, 'installs_total' | 'installs_actual'>): number {
  if (campaign.installs_total <= 0) return 0;
  return Math.min(100, Math.round((campaign.installs_actual / campaign.installs_total) * 100));
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
