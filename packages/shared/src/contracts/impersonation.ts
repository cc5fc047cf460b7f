import { z } from 'zod';
import { text } from '../rules/text.js';
import { emailRule } from '../rules/auth.js';
import { loginResponseSchema } from './auth.js';

/*
 * Log in as a user (staff-admin §2, §7 `auth/change-user-account`; customer-area §4, an account switch opened
 * in a new tab). Staff get a one-time code, which the new tab exchanges for a session of the user; the
 * session's token never travels in a URL.
 */

/** A log-in-as-user session lasts this long, whatever the activity. */
export const IMPERSONATION_MINUTES = 60;
/** The code must be exchanged within this time. */
export const LOGIN_CODE_SECONDS = 60;

/** `POST auth/change-user-account` (admin API). */
export const changeUserAccountBodySchema = z.object({ email: emailRule });
export const changeUserAccountResponseSchema = z.object({
  /** Single use, exchanged by the new tab through `POST login-as`. */
  code: z.string(),
  code_expires_at: z.string(),
  user: z.object({ id: z.number().int(), email: z.string() }),
});
export type ChangeUserAccountResponse = z.infer<typeof changeUserAccountResponseSchema>;

/** `POST login-as` (customer API, public): the code for the session. */
export const loginAsBodySchema = z.object({
  code: text({ min: 1, max: 200 }),
});
export const loginAsResponseSchema = loginResponseSchema.extend({ expires_at: z.string() });
export type LoginAsResponse = z.infer<typeof loginAsResponseSchema>;
