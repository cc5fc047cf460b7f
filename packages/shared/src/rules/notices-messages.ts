/**
 * The texts the server answers about notices, templates and campaign messages. Kept out of the contracts so the
 * web's shell registers them for translation (apps/web/src/lib/notices-messages.ts) without building the schemas.
 */
export const NOTICE_MESSAGES = {
  templateNotFound: 'Notice template not found',
  textOrTemplate: 'Write a text or choose a template',
  sent: 'Notice sent',
  templateSaved: 'Template saved',
  templateDeleted: 'Template deleted',
  preferencesSaved: 'E-mail preferences saved',
  notificationDismissed: 'Notification dismissed',
  messageSent: 'Message sent',
} as const;
