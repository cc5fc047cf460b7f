/**
 * The English texts of transfers between accounts (payment system 34): the customer's page, staff's reversal
 * and the limits on the core settings page. The web translates them under `transfers.` of the messages
 * namespace (apps/web/src/lib/transfer-messages.ts).
 */
export const TRANSFER_MESSAGES = {
  receiverUnavailable: 'No Storelift account can receive a transfer at this e-mail',
  selfTransfer: 'You cannot transfer money to your own account',
  aboveMax: 'At most {{max}} USD per transfer',
  dailyLimit: 'Your daily transfer limit leaves {{left}} USD for today',
  passwordWrong: 'The password is not correct',
  sent: 'Transfer sent',
  reversed: 'Transfer reversed',
  alreadyReversed: 'This transfer has already been reversed',
  receiverBalanceLow: "The receiver's main balance does not cover this transfer any more",
  settingsSaved: 'Transfer limits saved',
  dailyBelowMax: 'The daily limit must not be below the limit per transfer',
  switchedOff: 'Transfers between accounts are switched off for now',
} as const;
export type TransferMessageKey = keyof typeof TRANSFER_MESSAGES;
