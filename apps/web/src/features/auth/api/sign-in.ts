import {
  emailBodySchema,
  loginBodySchema,
  passwordResetStoreBodySchema,
  registerBodySchema,
  type EmailBody,
  type LoginBody,
  type LoginResponse,
  type MessageResponse,
  type PasswordResetStoreBody,
  type RegisterBody,
} from '@storelift/shared';
import { api } from '../../../lib/api';
import { markActivity } from '../../../lib/idle';
import { session } from '../../../lib/session';

// The public forms load this module (and with it zod) on first use; see lib/use-schema-form.ts. The signed-in
// shell imports ./auth (logout, language) instead, which carries no schema.
export { emailBodySchema, loginBodySchema, passwordResetStoreBodySchema, registerBodySchema };

/** `POST login`: stores the token, then the user with the role list `all` + their roles. */
export async function login(body: LoginBody): Promise<LoginResponse> {
  const response = await api.post<LoginResponse>('login', loginBodySchema.parse(body));
  session.setToken(response.access_token);
  markActivity();
  session.setUser(response.user);
  return response;
}

/** `POST register`; the account must be activated from the e-mail before signing in. */
export function register(body: RegisterBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('register', registerBodySchema.parse(body));
}

export function forgotPassword(body: EmailBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('forgot-password', emailBodySchema.parse(body));
}

export function resendVerification(body: EmailBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('email/verification-notification', emailBodySchema.parse(body));
}

export function resetPassword(body: PasswordResetStoreBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('password-reset-store', passwordResetStoreBodySchema.parse(body));
}
