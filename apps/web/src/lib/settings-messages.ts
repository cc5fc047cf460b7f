import { SETTINGS_MESSAGES } from '@storelift/shared';
import { registerMessageTexts } from './register-messages';

/*
 * The core settings' texts (shared rules and server answers) become translatable once the core settings page
 * loads: import this module for its effect.
 */
registerMessageTexts('settings', SETTINGS_MESSAGES);
