import { STORE_LINK_MESSAGES } from '@storelift/shared';
import { registerMessageTexts } from './register-messages';

/*
 * The package id and store link rules' texts (shared by the add-app form and the server) become
 * translatable once the code that can show them loads: import this module for its effect.
 */
registerMessageTexts('storeLink', STORE_LINK_MESSAGES);
