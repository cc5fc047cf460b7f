import { APP_STORES, LIMITS, PRODUCT_TYPES, REVIEW_MODES } from '../constants/domain.js';
import {
  CAMPAIGN_DAYS_MAX,
  CAMPAIGN_KEYWORDS_MAX,
  CAMPAIGN_REVIEWS_MAX,
  INSTALLS_MAP_OF,
} from '../constants/campaigns.js';
import type { CreateCampaignBody } from '../contracts/campaigns.js';
import { cpiDraftIssues } from './cpi-plan.js';
import { CAMPAIGN_MESSAGES } from './campaign-messages.js';
import { keywordMessage, normalizeKeywordText } from './keywords.js';
import { MESSAGES, fillMessage } from './messages.js';
import { formatMoney, parseMoney } from './money.js';
import type { CodedMessage } from '../errors/codes.js';

/**
 * A message of the order rules: a constant catalog text, or the code and values of a template (its English
 * text is `orderMessageText`), so the server answers the code with its parameters (docs/contract.md).
 */
export type OrderMessage = string | CodedMessage;

/** A campaign template's code and values. */
function campaignCoded(key: keyof typeof CAMPAIGN_MESSAGES, params: CodedMessage['params']): CodedMessage {
  return { code: `campaign.${key}`, params };
}

/**
 * The English text of an order rule's message. Filled here rather than by the catalog's `messageOf`: importing
 * the catalog (every message set, the public API's contract among them) from the order rules breaks the web's
 * sign-in at run time (module order in the bundle; entry.test.ts fails).
 */
export function orderMessageText(message: OrderMessage): string {
  if (typeof message === 'string') return message;
  const key = message.code.slice('campaign.'.length) as keyof typeof CAMPAIGN_MESSAGES;
  return fillMessage(CAMPAIGN_MESSAGES[key], message.params ?? {});
}

/*
 * The order rules of each campaign product (customer-area §5, §9), in one table, and the one function that
 * answers the field errors of an order body: the server's `POST campaigns` (and quote, edit) and the web's
 * order form both call it, so the two cannot drift. Each field's own rule (types, 5-5000, 1-60 days) is the
 * body schema's (`createCampaignObjectSchema`); what is here reads several fields or the product type. No zod
 * here (only its types): pages that build no schema read these rules (apps/web/vite.config.ts, the zod chunk).
 */

/** What a body is checked for: an order (every rule), a draft (no terms yet) or a live quote (no texts). */
export type OrderPurpose = 'order' | 'draft' | 'quote';

/** The order body the rules read (the server's parsed body, or the body the web form would send). */
export type OrderBody = Omit<CreateCampaignBody, 'draft' | 'promotionRule'>;

/** One product's order rules. */
export interface OrderRules {
  /** Longest campaign in days, and the message past it. */
  daysMax: number;
  daysMaxMessage: string;
  /** Fewest installs per day on each store (guaranteed reviews on Google Play go down to 1, §9). */
  installsMin: Record<number, number>;
  /**
   * Keywords (one order per keyword, at most 50, each by the keyword rule): `required`; `form` = optional
   * in the API (untargeted impressions), asked for by the order form; null = none read.
   */
  keywords: 'required' | 'form' | null;
  /** Whether the product may be a smart campaign (a total budget instead of installs per keyword). */
  smart: boolean;
  /** Custom review texts: one per install ordered, at most `CAMPAIGN_REVIEWS_MAX`. */
  reviews: boolean;
  /** The terms accepted to order (rates and reviews). */
  terms: boolean;
  /** Whether the campaign may have a delayed start (guaranteed reviews go to moderation instead). */
  delayedStart: boolean;
  /** CPI: the budget terms and ad fields of `cpiDraftIssues` instead of installs, days and plan. */
  cpi: boolean;
}

const BY_STORE = { [APP_STORES.GOOGLE_PLAY]: LIMITS.installsMin, [APP_STORES.APP_STORE]: LIMITS.installsMin };

/** An install product's rules; each product below says where it differs. */
const INSTALLS: OrderRules = {
  daysMax: CAMPAIGN_DAYS_MAX,
  daysMaxMessage: CAMPAIGN_MESSAGES.campaignDaysMax,
  installsMin: BY_STORE,
  keywords: null,
  smart: false,
  reviews: false,
  terms: false,
  delayedStart: true,
  cpi: false,
};

/** The order rules of each product type `POST campaigns` takes. */
export const ORDER_RULES: Readonly<Record<number, OrderRules>> = {
  [PRODUCT_TYPES.package]: INSTALLS,
  [PRODUCT_TYPES.keyword]: {
    ...INSTALLS,
    daysMax: LIMITS.keywordInstallsMaxDays,
    daysMaxMessage: CAMPAIGN_MESSAGES.campaignKeywordDaysMax,
    keywords: 'required',
    smart: true,
  },
  [PRODUCT_TYPES.impressions]: { ...INSTALLS, keywords: 'form' },
  [PRODUCT_TYPES.hqReview]: {
    ...INSTALLS,
    installsMin: { ...BY_STORE, [APP_STORES.GOOGLE_PLAY]: LIMITS.installsMinAndroidGuarantee },
    reviews: true,
    terms: true,
    delayedStart: false,
  },
  [PRODUCT_TYPES.rate]: { ...INSTALLS, terms: true },
  [PRODUCT_TYPES.review]: { ...INSTALLS, reviews: true, terms: true },
  [PRODUCT_TYPES.cpi]: { ...INSTALLS, cpi: true },
};

/** The rules of a product type (an unknown one is refused before its body is read: install rules). */
export function orderRulesOf(productType: number): OrderRules {
  return ORDER_RULES[productType] ?? INSTALLS;
}

/** Fewest installs per day of a product on a store. */
export function installsMinOf(productType: number, appstore: number): number {
  return orderRulesOf(productType).installsMin[appstore] ?? LIMITS.installsMin;
}

/** Whether a body is a smart campaign (a product that may be one, with `smart` set). */
export function isSmartOrder(body: Pick<OrderBody, 'productType' | 'smart'>): boolean {
  return orderRulesOf(body.productType).smart && body.smart === true;
}

/**
 * The per-day plan a body gives: `installsPlan`, else the installs map of its product (days it leaves out
 * get none), else null (the distribution plans the days).
 */
export function givenPlan(body: Pick<OrderBody, 'productType' | 'days' | 'installsPlan' | 'installsMaps'>) {
  if (body.installsPlan) return body.installsPlan;
  const key = INSTALLS_MAP_OF[body.productType];
  const map = key && body.installsMaps?.[key];
  if (!map) return null;
  return Array.from({ length: body.days }, (_, index) => map[String(index + 1)] ?? 0);
}

/** The message of a plan below `min` installs on each of `days` days. */
export function minTotalMessage(min: number, days: number): CodedMessage {
  return campaignCoded('campaignMinInstalls', { minInstalls: min, days });
}

/**
 * The keywords of a body, normalized and deduplicated (blank ones skipped), and the keyword rule's
 * messages (one per bad keyword, then the count's).
 */
export function orderKeywords(body: Pick<OrderBody, 'serializedChildKeywords'>): {
  keywords: string[];
  messages: string[];
} {
  const keywords: string[] = [];
  const messages: string[] = [];
  for (const raw of body.serializedChildKeywords ?? []) {
    const keyword = normalizeKeywordText(raw);
    const message = keywordMessage(raw);
    if (message && keyword !== '') messages.push(message);
    else if (!message && !keywords.includes(keyword)) keywords.push(keyword);
  }
  if (keywords.length > CAMPAIGN_KEYWORDS_MAX) messages.push(CAMPAIGN_MESSAGES.campaignKeywordsMax);
  return { keywords, messages };
}

/** Notes (trimmed): English only (printable ASCII), at most 1000 symbols; null when they pass. */
export function notesMessage(description: string): string | null {
  if (description.length > LIMITS.notesMax) return CAMPAIGN_MESSAGES.campaignNotesMax;
  if (!/^[\x20-\x7E\t\r\n]*$/.test(description)) return CAMPAIGN_MESSAGES.campaignNotesEnglish;
  return null;
}

/** A delayed start given as text: a time more than 5 minutes after `now`; null when it is one. */
export function startAtMessage(value: string, now: Date): string | null {
  const text = value.trim();
  const time = Date.parse(text);
  if (!text) return CAMPAIGN_MESSAGES.campaignDateEmpty;
  if (Number.isNaN(time)) return MESSAGES.dataNotValid;
  if (time <= now.getTime() + LIMITS.delayedStartMinMinutes * 60_000)
    return CAMPAIGN_MESSAGES.campaignStartTooSoon;
  return null;
}

/** Installs a smart campaign's budget buys at `unitPrice` (a free pricetag buys without end). */
export function installsBought(budget: string, unitPrice: string): number {
  const price = parseMoney(unitPrice);
  return price > 0n ? Number(parseMoney(budget) / price) : Number.MAX_SAFE_INTEGER;
}

/**
 * A smart campaign's budget once priced: it buys 5 to 5000 installs per keyword per day (`slots` = days ×
 * keywords); the message when it does not, else null.
 */
export function smartBudgetError(bought: number, slots: number, unitPrice: string): OrderMessage | null {
  if (bought < LIMITS.installsMin * slots) {
    const min = formatMoney(parseMoney(unitPrice) * BigInt(LIMITS.installsMin * slots));
    return campaignCoded('campaignSmartBudgetMin', { min });
  }
  if (bought > LIMITS.installsMax * slots) return CAMPAIGN_MESSAGES.campaignSmartBudgetMax;
  return null;
}

/** `smartBudgetError` as its English text. */
export function smartBudgetMessage(bought: number, slots: number, unitPrice: string): string | null {
  const error = smartBudgetError(bought, slots, unitPrice);
  return error && orderMessageText(error);
}

/** What the rules are checked for: the purpose, the time a delayed start is compared with, and the form. */
export interface OrderContext {
  purpose: OrderPurpose;
  now: Date;
  /** The web's order form (it asks for what the API leaves optional, see `OrderRules.keywords`). */
  form?: boolean;
}

/**
 * The field errors of an order body by its product's rules (field → messages, in the order the server
 * answers them): the smart flag, the installs range, days, the plan and its total, keywords, the smart
 * budget, notes, the delayed start, the terms (an order), then the review texts (not for a quote). Numbers
 * the form cannot read yet (NaN) are left to the body schema. The smart budget's price check needs the
 * price (`smartBudgetMessage`).
 */
export function orderFieldMessages(body: OrderBody, context: OrderContext): Record<string, OrderMessage[]> {
  const errors: Record<string, OrderMessage[]> = {};
  const fail = (field: string, message: OrderMessage | null) => {
    if (message) (errors[field] ??= []).push(message);
  };
  const rules = orderRulesOf(body.productType);
  if (rules.cpi) Object.assign(errors, cpiDraftIssues(body));
  else installRuleErrors(body, context, rules, fail);

  fail('description', notesMessage(body.description.trim()));
  if (typeof body.start_at === 'string')
    fail(
      'start_at',
      rules.delayedStart
        ? startAtMessage(body.start_at, context.now)
        : CAMPAIGN_MESSAGES.campaignReviewsNoDelay,
    );
  if (context.purpose === 'order' && rules.terms && !body.checkedTerms)
    fail('checkedTerms', CAMPAIGN_MESSAGES.campaignTermsRequired);
  if (context.purpose !== 'quote' && rules.reviews) fail('reviews', reviewsMessage(body));
  return errors;
}

/** `orderFieldMessages` as English texts (the web form's checks). */
export function orderFieldErrors(body: OrderBody, context: OrderContext): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(orderFieldMessages(body, context)).map(([field, messages]) => [
      field,
      messages.map(orderMessageText),
    ]),
  );
}

/** The rules of an install product up to its notes: installs, days, plan, keywords, smart budget. */
function installRuleErrors(
  body: OrderBody,
  context: OrderContext,
  rules: OrderRules,
  fail: (field: string, message: OrderMessage | null) => void,
) {
  const smart = isSmartOrder(body);
  if (body.smart && !rules.smart) fail('smart', CAMPAIGN_MESSAGES.campaignProductUnavailable);
  const min = installsMinOf(body.productType, body.appstore);
  if (
    !smart &&
    Number.isInteger(body.installs) &&
    (body.installs < min || body.installs > LIMITS.installsMax)
  )
    fail(
      'installs',
      min === LIMITS.installsMinAndroidGuarantee
        ? CAMPAIGN_MESSAGES.campaignGuaranteeInstallsRange
        : CAMPAIGN_MESSAGES.campaignInstallsRange,
    );
  if (body.days > rules.daysMax) fail('days', rules.daysMaxMessage);

  // A smart campaign's budget makes its plan once priced.
  if (!smart && Number.isInteger(body.days) && body.days >= LIMITS.daysMin) {
    const key = INSTALLS_MAP_OF[body.productType];
    const map = !body.installsPlan && key ? body.installsMaps?.[key] : undefined;
    if (map && Object.keys(map).some((day) => Number(day) > body.days))
      fail('installsMaps', CAMPAIGN_MESSAGES.campaignPlanLength);
    const given = givenPlan(body);
    if (given && given.length !== body.days) fail('installsPlan', CAMPAIGN_MESSAGES.campaignPlanLength);
    const perOrder = given ? given.reduce((a, b) => a + b, 0) : body.installs * body.days;
    if (perOrder < min * body.days) fail('installs', minTotalMessage(min, body.days));
  }

  if (rules.keywords) {
    const { keywords, messages } = orderKeywords(body);
    for (const message of messages) fail('serializedChildKeywords', message);
    const asked = rules.keywords === 'required' || context.form === true;
    if (asked && !keywords.length && !messages.length)
      fail('serializedChildKeywords', MESSAGES.keywordsNotSelected);
  }
  if (smart && !body.budget?.trim()) fail('budget', CAMPAIGN_MESSAGES.campaignSmartBudgetRequired);
}

/**
 * Custom review texts: one per install ordered (the plan's total), at most `CAMPAIGN_REVIEWS_MAX`;
 * generated reviews carry none.
 */
function reviewsMessage(body: OrderBody): OrderMessage | null {
  if ((body.reviewMode ?? REVIEW_MODES.CUSTOM) !== REVIEW_MODES.CUSTOM) return null;
  const given = givenPlan(body);
  const total = given ? given.reduce((a, b) => a + b, 0) : body.installs * body.days;
  if (!Number.isFinite(total)) return null;
  if (total > CAMPAIGN_REVIEWS_MAX) return CAMPAIGN_MESSAGES.campaignReviewsMax;
  const count = body.reviews?.length ?? 0;
  return count === total ? null : campaignCoded('campaignReviewsCount', { count: total });
}
