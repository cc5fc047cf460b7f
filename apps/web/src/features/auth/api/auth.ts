import type { ChangeLocaleBody, LoginResponse, MessageResponse, User } from '@storelift/shared';
import { api } from '../../../lib/api';
import { endSession, session, type SessionEndReason } from '../../../lib/session';

/*
 * The signed-in shell's account calls. No schema here: the shell must not load zod, and the server checks each
 * body. The sign-in forms' calls and schemas are in ./sign-in.
 */

/** `POST changeLocale`: saves the interface language on the account. */
export async function changeLocale(body: ChangeLocaleBody): Promise<User> {
  // The answer is the user part of the login answer.
  const { user } = await api.post<Pick<LoginResponse, 'user'>>('changeLocale', body);
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
