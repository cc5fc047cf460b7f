/**
 * The English texts of paying by transfer (bank transfer, Wise, Payoneer): the customer's page and the
 * receiving details on the core settings page. The web translates them under `transferPayments.` of the
 * messages namespace (apps/web/src/lib/transfer-payment-messages.ts).
 */
export const TRANSFER_PAYMENT_MESSAGES = {
  notAwaiting: 'This payment no longer awaits a transfer',
  detailsSaved: 'Receiving details saved',
  beneficiaryRequired: 'Enter the beneficiary to offer this method',
  accountRequired: 'Enter the IBAN or account number to offer this method',
  ibanInvalid: 'This IBAN is not valid (check its digits)',
  swiftInvalid: 'A SWIFT/BIC has 8 or 11 letters and digits',
  expiryDays: 'Between 1 and 90 days',
  systemsInvalid: 'Give the details of bank transfer, Payoneer and Wise once each',
} as const;
export type TransferPaymentMessageKey = keyof typeof TRANSFER_PAYMENT_MESSAGES;
