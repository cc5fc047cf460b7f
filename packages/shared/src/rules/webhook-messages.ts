import { WEBHOOK_LIMITS } from '../constants/webhooks.js';

/** The texts webhook calls answer with; the web makes them translatable (apps/web/src/lib/webhook-messages.ts). */
export const WEBHOOK_MESSAGES = {
  urlNotPublic: 'The URL must be a public http:// or https:// address',
  tooManyEndpoints: `You can register up to ${WEBHOOK_LIMITS.endpointsPerUser} webhook endpoints`,
  eventsRequired: 'Choose at least one event',
} as const;
