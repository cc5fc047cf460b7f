import { SECURITY_MESSAGES } from '@storelift/shared';
import { registerMessageTexts } from './register-messages';

/*
 * The access lists and log-in-as-user texts (shared rules and server answers) become translatable once a
 * page of them loads: import this module for its effect.
 */
registerMessageTexts('security', SECURITY_MESSAGES);
