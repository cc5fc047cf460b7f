import { ACCESS_MESSAGES } from '@storelift/shared';
import { registerMessageTexts } from './register-messages';

/*
 * The roles, permissions and audit log texts (shared rules and server answers) become translatable once a
 * staff page of them loads: import this module for its effect.
 */
registerMessageTexts('access', ACCESS_MESSAGES);
