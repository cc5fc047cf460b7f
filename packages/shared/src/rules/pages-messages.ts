/**
 * The English texts of the programs and information pages (customer-area §2: resellers, contacts,
 * starting page). Kept apart from MESSAGES so the sign-in page does not carry them: the pages register
 * them for translation under `pages.` of the messages namespace (apps/web/src/lib/pages-messages.ts).
 */
export const PAGES_MESSAGES = {
  resellerChannelRequired: 'Choose at least one channel',
  resellerServiceRequired: 'Choose at least one service',
  resellerPending: 'Your reseller request is already being reviewed',
  resellerAlready: 'You are already on a reseller plan',
  resellerSent: 'Your reseller request has been sent. A manager will review it.',
  resellerReviewed: 'This request has already been reviewed',
  resellerOwnRequest: 'You cannot review your own request',
  resellerPlanInvalid: 'Choose a reseller plan',
  contactSent: 'Your message has been sent. We will answer by e-mail.',
  contactHandled: 'Message marked as handled',
  contactReopened: 'Message reopened',
  contactAlreadyHandled: 'This message has already been handled',
  contactNotHandled: 'This message is not handled yet',
  templatePlaceholderUnknown: 'Unknown placeholder {{name}}',
  templatesResellerOnly: 'Only users on a reseller plan can edit e-mail templates',
  templateSaved: 'Template saved',
  templateReset: 'Template reset to the default',
  blogPostSaved: 'Post saved',
  blogPostDeleted: 'Post deleted',
} as const;
export type PagesMessageKey = keyof typeof PAGES_MESSAGES;
