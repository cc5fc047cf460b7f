import { MARKETING_MESSAGES } from '@storelift/shared';
import { registerMessageTexts } from './register-messages';

/*
 * The texts of the marketing pages (marketing actions, Google Ads report) become translatable once one of
 * those pages loads: import this module for its effect.
 */
registerMessageTexts('marketing', MARKETING_MESSAGES);
