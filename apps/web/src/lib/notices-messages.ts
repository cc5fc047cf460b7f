import { NOTICE_MESSAGES } from '@storelift/shared';
import { registerMessageTexts } from './register-messages';

/* The texts the server answers about notices, templates and campaign messages: import for the effect. */
registerMessageTexts('notices', NOTICE_MESSAGES);
