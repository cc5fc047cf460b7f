/** Enumerations and limits of customer-area §3, §4 and §9, served by `GET constants`. */

/** A day in milliseconds: campaign days, expiry periods and date arithmetic in UTC. */
export const DAY_MS = 86_400_000;

export const APP_STORES = { GOOGLE_PLAY: 1, APP_STORE: 2 } as const;
export const PRODUCT_TYPES = {
  undefined: 0,
  package: 1,
  keyword: 2,
  cpi: 4,
  hqReview: 5,
  rate: 6,
  review: 7,
  impressions: 8,
} as const;
export const CAMPAIGN_TYPES = [
  'advertising-campaign',
  'direct-installs',
  'keyword-installs',
  'reviews-with-guarantee',
  'impressions',
  'smart-campaign',
] as const;
export const CAMPAIGN_STATUSES = [
  'draft',
  'delayed',
  'active',
  'pause',
  'failed',
  'completed',
  'canceled',
  'archived',
  'moderation',
  'pending',
  'rejected',
] as const;
export const CAMPAIGN_FILTER_TABS = [
  'all',
  'active',
  'paused',
  'draft',
  'delayed',
  'failed',
  'completed',
  'canceled',
  'archived',
  'moderation',
  'pending',
  'rejected',
] as const;
export type CampaignFilterTab = (typeof CAMPAIGN_FILTER_TABS)[number];
/** The My campaigns tab that lists a status: its own name, but `pause` is listed under `paused`. */
export const tabOfStatus = (status: (typeof CAMPAIGN_STATUSES)[number]): CampaignFilterTab =>
  status === 'pause' ? 'paused' : status;
export const PAYMENT_SYSTEMS = {
  card: 30,
  paypal: 1,
  cryptoExchange: 13,
  cryptoExchange2: 32,
  alipay: 31,
  payoneer: 19,
  bankTransfer: 3,
  payForUa: 14,
  fondy: 33,
  cryptoProcessor: 35,
  wise: 36,
  transfer: 34,
} as const;
export const DELIVERY_TYPES = { SPREAD: 0, INSTANT: 1 } as const;
export const PROMOTION_RULES = [0, 1, 3, 5, 10, 30] as const;
export const RATE_TYPES = { POSITIVE: 1, POSITIVE_AVERAGE: 2, NEGATIVE_AVERAGE: 3, NEGATIVE: 4 } as const;
export const REVIEW_MODES = { CUSTOM: 1, GENERATED: 2 } as const;
export const INSTALL_DISTRIBUTIONS = ['equal', 'increase', 'parabolic'] as const;
export const AUTHOR_GENDERS = ['male', 'female', 'both'] as const;
export const CPI_LEVELS = ['high', 'medium', 'low'] as const;
export const GEO_GROUPS = ['europe', 'asia', 'africa', 'latinAmerica', 'worldwide'] as const;
export const CPI_LANGUAGES = ['english', 'spanish', 'russian'] as const;
export const STORE_FILTERS = ['all', 'fav', 'ban'] as const;
export const CHART_PERIODS = ['three_month', 'month', 'week'] as const;
export const DATE_SHORTCUTS = ['week', 'month', 'three_months', 'custom'] as const;
export const BALANCE_FILTERS = { ALL: 0, PAYMENTS: 1, BONUS_PAYMENTS: 2 } as const;
export const PRICE_PLANS = [
  'Base',
  'Bronze',
  'Silver',
  'Gold',
  'Platinum',
  'Diamond',
  'VIP',
  'Reseller Base',
  'Reseller Gold',
] as const;
export const MARKETING_ACTION_TYPES = { bonus: 'payment', discount: 'campaign' } as const;
export const BUSINESS_TYPES = ['developer', 'publisher', 'marketer', 'agency', 'reseller', 'other'] as const;
export const MESSENGER_TYPES = ['telegram', 'whatsapp', 'skype', 'wechat', 'viber', 'discord'] as const;

export const LIMITS = {
  installsMin: 5,
  installsMinAndroidGuarantee: 1,
  installsMax: 5000,
  daysMin: 1,
  keywordInstallsMaxDays: 14,
  notesMax: 1000,
  delayedStartMinMinutes: 5,
  randomReviewPack: 5,
  cpiDailyBudget: 10,
  cpiTarget: 0.15,
  cpiDays: 7,
  cpiDaysMin: 5,
  cpiDaysMax: 30,
  cpiHeadline: { min: 3, max: 30 },
  cpiDescription: { min: 3, max: 90 },
  rankMax: 250,
  scoreMax: 100,
  paymentBonusDays: 120,
  cryptoConfirmations: 3,
  topUpPresets: [500, 1000, 5000, 10000],
  referralPercent: 10,
  apiFreeCredits: 500,
  basePlanThreshold: 1000,
  idleLogoutHours: 6,
  pageSize: 10,
  appsPageSizeAfterReset: 12,
  referralsPageSize: 5,
} as const;

export const DEFAULTS = { country: 'US', language: 'en', storeLocale: 'en-US', appstore: 1 } as const;
