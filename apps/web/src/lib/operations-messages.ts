import { OPERATIONS_MESSAGES } from '@storelift/shared';
import { registerMessageTexts } from './register-messages';

/* The operations page's server answers become translatable once the page loads: import for its effect. */
registerMessageTexts('operations', OPERATIONS_MESSAGES);
