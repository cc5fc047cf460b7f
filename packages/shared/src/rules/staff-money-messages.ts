/**
 * The English texts of the staff money pages' rules and answers (user payments and invoices, reflinks, CPI
 * accounts: staff-admin §3, §5, §8). Kept apart from MESSAGES so the web's first page does not carry them:
 * the staff pages register them for translation under `staffMoney.` of the messages namespace
 * (apps/web/src/lib/staff-money-messages.ts).
 */
export const STAFF_MONEY_MESSAGES = {
  invoiceNotPdf: 'The invoice must be a PDF file',
  invoiceTooLarge: 'The invoice must be at most 5 MB',
  invoiceUploaded: 'Invoice uploaded',
  invoiceDeleted: 'Invoice deleted',
  invoiceMissing: 'This payment has no uploaded invoice',
  reflinkCodeTaken: 'This code is already used by another reflink',
  reflinkCodeInvalid: 'Use letters, digits, dashes or underscores',
  reflinkSaved: 'Reflink saved',
  reflinkDeleted: 'Reflink deleted',
  cpiAccountDuplicate: 'ID key is duplicated. Please provide an unique ID.',
  cpiAccountSaved: 'CPI account saved',
  cpiAccountDeleted: 'CPI account deleted',
  cpiAccountDeactivated: 'CPI account deactivated',
  cpiAccountInUse: 'Campaigns run on this account: deactivate it instead',
} as const;
export type StaffMoneyMessageKey = keyof typeof STAFF_MONEY_MESSAGES;
