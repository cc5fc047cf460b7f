/**
 * The English texts of the core settings' rules and answers (payment systems, products, e-mail templates).
 * Kept apart from MESSAGES so the web's first page does not carry them: the core settings page registers them
 * for translation under `settings.` of the messages namespace (apps/web/src/lib/settings-messages.ts).
 */
export const SETTINGS_MESSAGES = {
  percentRange: 'Enter a percent from 0 to 100',
  maxBelowMin: 'The maximum must not be below the minimum',
  confirmationsRange: 'Enter a whole number from 0 to 100',
  priceRange: 'Enter a price above 0 and at most 10,000',
  productUnknown: 'Choose a product type',
  productTwice: 'Each product type once',
  planUnknown: 'A price plan in the list does not exist',
  planTwice: 'Each price plan once',
  templateUnknown: 'This e-mail template does not exist',
  placeholderUnknown: 'Unknown placeholder: {{placeholder}}',
  paysystemSaved: 'Payment system saved',
  productsSaved: 'Prices saved',
  templateSaved: 'E-mail template saved',
} as const;
export type SettingsMessageKey = keyof typeof SETTINGS_MESSAGES;
