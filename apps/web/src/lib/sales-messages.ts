import { SALES_MESSAGES } from '@storelift/shared';
import { registerMessageTexts } from './register-messages';

/*
 * The sales report's and personal-manager texts (server answers) become translatable once one of their
 * pages or dialogs loads: import this module for its effect.
 */
registerMessageTexts('sales', SALES_MESSAGES);
