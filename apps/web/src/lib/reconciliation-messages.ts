import { RECONCILIATION_MESSAGES } from '@storelift/shared';
import { registerMessageTexts } from './register-messages';

/*
 * The texts of the Reconciliation page's answers (statements read, lines credited or ignored, refusals) become
 * translatable once the page loads: import this module for its effect.
 */
registerMessageTexts('reconciliation', RECONCILIATION_MESSAGES);
