import { USER_MESSAGES } from '@storelift/shared';
import { registerMessageTexts } from './register-messages';

/*
 * The user administration's texts (shared rules and server answers) become translatable once a user page
 * loads: import this module for its effect.
 */
registerMessageTexts('users', USER_MESSAGES);
