/** The marketing actions' kinds and the Google Ads report's limits, as plain values the staff pages read. */

/** Action types (staff-admin §9): `payment` is the payment bonus, `campaign` the campaign discount. */
export const MARKETING_ACTION_KINDS = ['payment', 'campaign'] as const;
export type MarketingActionKind = (typeof MARKETING_ACTION_KINDS)[number];

/** The highest tier percent a non-admin may give (a core setting, `marketing_max_percent`; this is its default). */
export const MARKETING_MAX_PERCENT_DEFAULT = '50';

/** Limits of an uploaded spend file. */
export const ADS_REPORT_FILE_MAX_BYTES = 1024 * 1024;
export const ADS_REPORT_ROWS_MAX = 5000;
export const ADS_REPORT_COLUMNS = ['type', 'code', 'from', 'to', 'amount'] as const;
