import { PAGES_MESSAGES } from '@storelift/shared';
import { registerMessageTexts } from './register-messages';

/*
 * The programs and information pages' texts (shared rules and server answers) become translatable once one
 * of those pages loads: import this module for its effect.
 */
registerMessageTexts('pages', PAGES_MESSAGES);
