import { TRANSFER_MESSAGES } from '@storelift/shared';
import { registerMessageTexts } from './register-messages';

/*
 * The texts of transfers between accounts (shared rules and server answers) become translatable once a page
 * that sends, reverses or limits transfers loads: import this module for its effect.
 */
registerMessageTexts('transfers', TRANSFER_MESSAGES);
