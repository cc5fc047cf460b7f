import {
  changeLocaleBodySchema,
  emailBodySchema,
  loginBodySchema,
  passwordResetStoreBodySchema,
  registerBodySchema,
  type ChangeLocaleBody,
  type EmailBody,
  type LoginBody,
  type LoginResponse,
  type MessageResponse,
  type PasswordResetStoreBody,
  type RegisterBody,
  type User,
} from '@storelift/shared';
import { api } from '../../../lib/api';
import { markActivity } from '../../../lib/idle';
import { endSession, session, type SessionEndReason } from '../../../lib/session';

// The public forms load this module (and with it zod) on first use; see lib/use-schema-form.ts.
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

/** `POST changeLocale`: saves the interface language on the account. */
export async function changeLocale(body: ChangeLocaleBody): Promise<User> {
  // The answer is the user part of the login answer.
  const { user } = await api.post<Pick<LoginResponse, 'user'>>(
    'changeLocale',
    changeLocaleBodySchema.parse(body),
  );
  session.setUser(user, session.getState().roles);
  return user;
}

/** Signs out on the server (best effort), then ends the session here. */
export async function logout(reason: SessionEndReason = 'logout'): Promise<void> {
  try {
    await api.post<MessageResponse>('logout', undefined, { handleAuthFailure: false });
  } catch {
    // The token is dropped locally either way.
  }
  endSession(reason);
}
