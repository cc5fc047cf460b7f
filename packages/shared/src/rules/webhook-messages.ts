import { WEBHOOK_LIMITS } from '../constants/webhooks.js';

/** The texts webhook calls answer with; the web makes them translatable (apps/web/src/lib/webhook-messages.ts). */
export const WEBHOOK_MESSAGES = {
  urlNotPublic: 'The URL must be a public http:// or https:// address',
  tooManyEndpoints: `You can register up to ${WEBHOOK_LIMITS.endpointsPerUser} webhook endpoints`,
  eventsRequired: 'Choose at least one event',
  tooManySends: `At most ${WEBHOOK_LIMITS.sendsPerMinute} test events and redeliveries a minute: please try again in a minute`,
} as const;
