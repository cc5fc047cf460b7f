import { CAMPAIGN_MESSAGES } from '@storelift/shared';
import { registerMessageTexts } from './register-messages';

/*
 * The campaign and vendor texts (shared rules and server answers) become translatable once a campaign page
 * loads: import this module for its effect.
 */
registerMessageTexts('campaign', CAMPAIGN_MESSAGES);
