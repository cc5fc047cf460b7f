import '../../../lib/security-messages';
import type { LoginAsResponse, MessageResponse } from '@storelift/shared';
import { api } from '../../../lib/api';
import { markActivity } from '../../../lib/idle';
import { endSession, session } from '../../../lib/session';
import { setTabToken } from '../../../lib/token';
import { forgetCurrentUser } from './me';

/**
 * The new tab of "Log in as user": exchanges the one-time code for the user's session, kept in this tab only,
 * so the staff member's own tabs stay signed in as themselves.
 */
export async function exchangeLoginCode(code: string) {
  // The server checks the code; a check here would only bring zod into the shell.
  const answer = await api.post<LoginAsResponse>('login-as', { code }, { handleAuthFailure: false });
  setTabToken(answer.access_token);
  forgetCurrentUser();
  markActivity();
  session.setUser(answer.user, answer.user.roles, []);
  return answer;
}

/**
 * "Return to my account": ends the session opened as the user on the server and drops it from this tab; the
 * browser's own login (the staff member's) is the tab's again.
 */
export async function returnToOwnAccount() {
  try {
    await api.post<MessageResponse>('logout', undefined, { handleAuthFailure: false });
  } catch {
    // The tab drops the session either way; it ends by itself within the hour.
  }
  endSession('logout', { navigate: false });
}
