/** Enumerations and constants of the money area: ledger, payments, plans, programs (docs/money.md). */
import type { PRICE_PLANS } from './domain.js';

export type PricePlanName = (typeof PRICE_PLANS)[number];

/** Balances a user holds; `account_id` in staff calls is the number. */
export const ACCOUNT_TYPES = ['main', 'bonus', 'referral'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const ACCOUNT_IDS = { main: 1, bonus: 2, referral: 3 } as const satisfies Record<AccountType, number>;

/** Every kind of ledger row. */
export const TRANSACTION_TYPES = [
  'top_up',
  'payment_bonus',
  'campaign_charge',
  'refund',
  'cpi_daily_charge',
  'referral_commission',
  'referral_payout',
  'bonus_program_reward',
  'api_tokens_purchase',
  'bonus_expiry',
  'admin_adjustment',
  'transfer',
] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** What a ledger row refers to. */
export const REFERENCE_TYPES = [
  'payment',
  'campaign',
  'referral_payout',
  'admin',
  'bonus_submission',
  'api_purchase',
  'bonus_grant',
  'transaction',
  'transfer',
] as const;
export type ReferenceType = (typeof REFERENCE_TYPES)[number];

/** pending → received → credited (→ refunded), or pending → canceled. */
export const PAYMENT_STATUSES = ['pending', 'received', 'credited', 'canceled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** regular: money paid in; bonus: a bonus staff credited with a payment system. */
export const PAYMENT_TYPES = ['regular', 'bonus'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

export const PAYOUT_STATUSES = ['pending', 'completed', 'canceled'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];
/** Where a referral payout goes: the main balance at once, or paid out by staff. */
export const PAYOUT_METHODS = ['balance', 'paypal', 'wise', 'bank_transfer', 'crypto'] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];

/** Bonus program submissions (customer-area §9) with their rewards. */
export const BONUS_PROGRAM_TYPES = [
  'success_story',
  'video',
  'forum_post',
  'google_maps_review',
  'trustpilot_review',
] as const;
export type BonusProgramType = (typeof BONUS_PROGRAM_TYPES)[number];
export const BONUS_SUBMISSION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type BonusSubmissionStatus = (typeof BONUS_SUBMISSION_STATUSES)[number];

/**
 * The rules of each bonus program type: a fixed reward, or a percent of the largest order (success
 * story), with the requirements shown to the customer. `minSpent` is spent on orders, not paid in.
 */
export const BONUS_PROGRAM_RULES: Record<
  BonusProgramType,
  {
    reward: string | null;
    percent: string | null;
    minChars: number | null;
    minSpent: string | null;
    onlineDays: number | null;
    screenshots: number | null;
    minMinutes: number | null;
  }
> = {
  success_story: {
    reward: null,
    percent: '20',
    minChars: 800,
    minSpent: null,
    onlineDays: 2,
    screenshots: 2,
    minMinutes: null,
  },
  video: {
    reward: '100',
    percent: null,
    minChars: null,
    minSpent: '100',
    onlineDays: 7,
    screenshots: null,
    minMinutes: 2,
  },
  forum_post: {
    reward: '30',
    percent: null,
    minChars: 400,
    minSpent: null,
    onlineDays: null,
    screenshots: null,
    minMinutes: null,
  },
  google_maps_review: {
    reward: '10',
    percent: null,
    minChars: 350,
    minSpent: null,
    onlineDays: 60,
    screenshots: null,
    minMinutes: null,
  },
  trustpilot_review: {
    reward: '20',
    percent: null,
    minChars: 350,
    minSpent: null,
    onlineDays: 60,
    screenshots: null,
    minMinutes: null,
  },
};

/**
 * An admin may override a bonus program reward (the rule's fixed reward, or a success story's percent of
 * the largest order) up to this many times the rule's reward: room to honour an exceptional video or
 * story, never an open amount. Other reviewers give the rule's reward only.
 */
export const BONUS_REWARD_OVERRIDE_FACTOR = 2;

/**
 * The largest amount any money field of a request takes, staff adjustments included (whole units).
 * The columns are numeric(14,4), up to 9,999,999,999.9999; balances and running totals add amounts up,
 * so one amount stays a hundred times below that, and a thousand times above the largest payment.
 */
export const MONEY_INPUT_MAX = '100000000';

/** API token packs bought from the balance: credits and price. */
export const API_TOKEN_PACKS = [
  { credits: 1000, price: '10' },
  { credits: 5000, price: '40' },
  { credits: 20000, price: '120' },
] as const;

/** Days a payment bonus stays on the bonus balance. */
export const PAYMENT_BONUS_DAYS = 120;
/** Share of referred users' credited payments the referrer earns, in percent. */
export const REFERRAL_PERCENT = '10';
/** The smallest referral payout paid out by staff (payouts to the balance have no minimum). */
export const REFERRAL_PAYOUT_MIN = '50';

/** The payment lists' search columns and sorts. */
export const PAYMENT_SEARCH_COLUMNS = ['all', 'id', 'amount', 'details', 'description', 'paysystem'] as const;
export const PAYMENT_ORDER_COLUMNS = ['created_at', 'amount', 'id', 'status', 'paysystem_id'] as const;

/** The largest invoice PDF staff may upload (bytes). */
export const INVOICE_MAX_BYTES = 5 * 1024 * 1024;
