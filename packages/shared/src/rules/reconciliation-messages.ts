/**
 * The English texts of the staff Reconciliation page (bank, Wise and Payoneer statements matched to transfer
 * payments). The web translates them under `reconciliation.` of the messages namespace
 * (apps/web/src/lib/reconciliation-messages.ts).
 */
export const RECONCILIATION_MESSAGES = {
  statementMissing: 'Choose a camt.053 XML, Wise CSV or Payoneer CSV statement',
  statementTooLarge: 'The statement must be at most 10 MB',
  statementUnknownFormat: 'The format of this file is not recognized: choose camt.053, Wise or Payoneer',
  statementUnreadable: 'The statement could not be read: {{reason}}',
  statementRead: 'Statement read: {{credited}} credited, {{unmatched}} to reconcile by hand',
  lineResolved: 'This line has already been credited, assigned or ignored',
  paymentNotOpen: 'This payment is not an open transfer payment',
  currencyDiffers: 'The line and the payment are in different currencies',
  lineAssigned: 'Line credited',
  lineIgnored: 'Line ignored',
} as const;
export type ReconciliationMessageKey = keyof typeof RECONCILIATION_MESSAGES;
