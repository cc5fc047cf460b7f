/**
 * Enumerations and limits of the customer's information pages (contacts, starting, API support, resellers program),
 * as plain values the web reads; the contracts build their rules from them.
 */

/** A way to reach support (customer-area §2, Contacts). */
export const SUPPORT_CHANNEL_TYPES = ['email', 'telegram', 'skype', 'whatsapp'] as const;
export type SupportChannelType = (typeof SUPPORT_CHANNEL_TYPES)[number];

/** A contact-form message: new until a staff member handles it (answers the customer), reopened back to new. */
export const CONTACT_MESSAGE_STATUSES = ['new', 'handled'] as const;
export type ContactMessageStatus = (typeof CONTACT_MESSAGE_STATUSES)[number];

/** The first steps of the starting page, in their order. */
export const STARTING_STEPS = [
  'email_verified',
  'app_added',
  'keywords_tracked',
  'topped_up',
  'campaign_created',
] as const;
export type StartingStep = (typeof STARTING_STEPS)[number];

/** What one paid call of the public API costs, in credits (customer-area §9). */
export const API_CALL_CREDITS = { min: 1, max: 2 } as const;

/** Where a reseller finds customers (customer-area §3, Reseller request). */
export const RESELLER_CHANNELS = ['seo', 'paid_search', 'forums_blogs', 'referral', 'smm', 'other'] as const;
export type ResellerChannel = (typeof RESELLER_CHANNELS)[number];
/** What a reseller sells (customer-area §3). */
export const RESELLER_SERVICES = [
  'android_installs',
  'ios_installs',
  'aso',
  'user_acquisition',
  'marketing',
] as const;
export type ResellerService = (typeof RESELLER_SERVICES)[number];
export const RESELLER_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ResellerRequestStatus = (typeof RESELLER_REQUEST_STATUSES)[number];
/** The criteria of customer-area §6: spent over this much, or one of the kinds of business below. */
export const RESELLER_MIN_SPENT = '1000';
export const RESELLER_CRITERIA = ['spent', 'website', 'agency', 'aso_specialist'] as const;
/** Upper bound of the monthly installs a reseller says they sell. */
export const RESELLER_MAX_MONTHLY_INSTALLS = 100_000_000;
/** The longest note a reviewer leaves on a request. */
export const RESELLER_NOTE_MAX = 500;
