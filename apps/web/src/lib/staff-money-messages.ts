import { STAFF_MONEY_MESSAGES } from '@storelift/shared';
import { registerMessageTexts } from './register-messages';

/*
 * The texts of the staff money pages (invoices, reflinks, CPI accounts) become translatable once one of those
 * pages loads: import this module for its effect.
 */
registerMessageTexts('staffMoney', STAFF_MONEY_MESSAGES);
