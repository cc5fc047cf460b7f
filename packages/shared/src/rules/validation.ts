import { z } from 'zod';
import { validationMessage } from './validation-messages.js';

/**
 * Makes `validationMessage` the message of every rule without its own, for this process's zod (the server,
 * at start; the web app passes it to each parse instead, keeping zod out of its entry). A schema's own
 * message still wins.
 */
export function installValidationMessages(): void {
  z.config({ customError: validationMessage });
}
