/** Notice types and limits the web reads as plain values; the notice contracts build their rules from them. */

/**
 * Notice types (customer-area §3 Notice `type`; staff send type 1). A customer chooses per type whether a
 * notice also comes by e-mail (docs/notices.md).
 */
export const NOTICE_TYPES = {
  message: 1,
  payment: 2,
  campaign: 3,
  reviews: 4,
  payout: 5,
  reseller: 6,
  campaign_message: 7,
} as const;
export type NoticeTypeName = keyof typeof NOTICE_TYPES;
export type NoticeType = (typeof NOTICE_TYPES)[NoticeTypeName];
export const NOTICE_TYPE_VALUES = Object.values(NOTICE_TYPES) as NoticeType[];

/** The longest text of a notice, a template and a campaign message. */
export const NOTICE_TEXT_MAX = 2000;
