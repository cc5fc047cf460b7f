import { TRANSFER_PAYMENT_MESSAGES } from '@storelift/shared';
import { registerMessageTexts } from './register-messages';

/*
 * The texts of paying by transfer (shared rules and server answers) become translatable once a page that shows
 * or sets up a transfer payment loads: import this module for its effect.
 */
registerMessageTexts('transferPayments', TRANSFER_PAYMENT_MESSAGES);
