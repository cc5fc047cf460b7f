/**
 * The texts the sales report and personal-manager calls answer with; the web registers them for translation
 * under `sales.` of the messages namespace (apps/web/src/lib/sales-messages.ts).
 */
export const SALES_MESSAGES = {
  statusSaved: 'The status has been saved',
  noteSaved: 'The note has been saved',
  managerAssigned: 'The manager has been assigned',
  notYourClient: 'This client is not yours',
  alreadyAssigned: 'This client already has a manager',
  onlyYourself: 'You may only assign yourself',
  managerInvalid: 'Choose a manager',
  requestSent: 'Your request has been sent. A personal manager will be assigned to you shortly.',
  alreadyHasManager: 'You already have a personal manager',
} as const;
export type SalesMessageKey = keyof typeof SALES_MESSAGES;
