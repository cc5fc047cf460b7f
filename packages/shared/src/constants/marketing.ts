/** The marketing actions' kinds and the Google Ads report's limits, as plain values the staff pages read. */

/** Action types (staff-admin §9): `payment` is the payment bonus, `campaign` the campaign discount. */
export const MARKETING_ACTION_KINDS = ['payment', 'campaign'] as const;
export type MarketingActionKind = (typeof MARKETING_ACTION_KINDS)[number];

/** Limits of an uploaded spend file. */
export const ADS_REPORT_FILE_MAX_BYTES = 1024 * 1024;
export const ADS_REPORT_ROWS_MAX = 5000;
export const ADS_REPORT_COLUMNS = ['type', 'code', 'from', 'to', 'amount'] as const;
