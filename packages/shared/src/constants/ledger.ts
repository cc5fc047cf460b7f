/**
 * Ledger descriptions (docs/money.md, Descriptions): a ledger row keeps its description as a key of
 * `LEDGER_TEXTS` with parameters (`transactions.description_key`, `description_params`), which the web renders in
 * the reader's language (the `ledger` texts of the money namespace, with plurals on `count`), and the English
 * text below (`description`) for API users, staff and rows written before keys.
 */
export const LEDGER_TEXTS = {
  topUp: 'Top-up #{{id}}',
  paymentBonus: 'Payment bonus for top-up #{{id}}',
  manualBonus: 'Bonus #{{id}}',
  topUpRefund: 'Refund of top-up #{{id}}',
  referralCommission: 'Referral commission',
  referralToMain: 'Referral earnings to the main balance',
  referralPayout: 'Referral payout request #{{id}}',
  payoutCanceled: 'Payout request #{{id}} canceled',
  refundedBonusExpired: 'Refunded bonus had expired',
  'bonusProgram.success_story': 'Bonus program: success story',
  'bonusProgram.video': 'Bonus program: video',
  'bonusProgram.forum_post': 'Bonus program: forum post',
  'bonusProgram.google_maps_review': 'Bonus program: Google Maps review',
  'bonusProgram.trustpilot_review': 'Bonus program: Trustpilot review',
  apiCredits: { one: 'API tokens: {{count}} credit', other: 'API tokens: {{count}} credits' },
  apiCreditsAuto: {
    one: 'API tokens: {{count}} credit (auto-refresh)',
    other: 'API tokens: {{count}} credits (auto-refresh)',
  },
  campaignCharge: 'Campaign #{{id}}',
  campaignEditedMore: 'Campaign #{{id}} edited: {{amount}} more',
  campaignEditedLess: 'Campaign #{{id}} edited: {{amount}} less',
  campaignCanceled: {
    one: 'Campaign #{{id}} canceled: {{count}} install undelivered',
    other: 'Campaign #{{id}} canceled: {{count}} installs undelivered',
  },
  campaignRejected: {
    one: 'Campaign #{{id}} rejected: {{count}} install undelivered',
    other: 'Campaign #{{id}} rejected: {{count}} installs undelivered',
  },
  campaignCompleted: {
    one: 'Campaign #{{id}} completed: {{count}} install undelivered',
    other: 'Campaign #{{id}} completed: {{count}} installs undelivered',
  },
  campaignFailed: {
    one: 'Campaign #{{id}} failed: {{count}} install undelivered',
    other: 'Campaign #{{id}} failed: {{count}} installs undelivered',
  },
  campaignDrafted: {
    one: 'Campaign #{{id}} forced to draft: {{count}} install undelivered',
    other: 'Campaign #{{id}} forced to draft: {{count}} installs undelivered',
  },
  cpiDay: {
    one: 'Campaign #{{id}} day {{day}}: {{count}} install',
    other: 'Campaign #{{id}} day {{day}}: {{count}} installs',
  },
  cpiUnpaid: 'Campaign #{{id}}: unpaid spend',
  cpiUnusedPrepayment: 'Campaign #{{id}} canceled: unused prepayment',
  transferSent: 'Transfer #{{id}} to {{name}}',
  transferReceived: 'Transfer #{{id}} from {{name}}',
  transferReversed: 'Transfer #{{id}} reversed',
  guaranteeNotKept: {
    one: 'Review guarantee: {{count}} review not kept',
    other: 'Review guarantee: {{count}} reviews not kept',
  },
} as const satisfies Record<string, string | { one: string; other: string }>;

export type LedgerKey = keyof typeof LEDGER_TEXTS;
export const LEDGER_KEYS = Object.keys(LEDGER_TEXTS) as LedgerKey[];

/** A ledger row's description as a key and its parameters. */
export interface LedgerText {
  key: LedgerKey;
  params?: Record<string, string | number>;
}

/** The English text of a ledger description (the stored `description`). */
export function ledgerText({ key, params = {} }: LedgerText): string {
  const entry: string | { one: string; other: string } = LEDGER_TEXTS[key];
  const template = typeof entry === 'string' ? entry : params.count === 1 ? entry.one : entry.other;
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(params[name] ?? whole));
}
