import { WEBHOOK_MESSAGES } from '@storelift/shared';
import { registerMessageTexts } from './register-messages';

/* The webhook texts the server answers become translatable once the webhooks section loads. */
registerMessageTexts('webhook', WEBHOOK_MESSAGES);
