import {
  IMPERSONATION_MINUTES,
  LOGIN_CODE_SECONDS,
  SECURITY_MESSAGES,
  type ChangeUserAccountResponse,
  type LoginAsResponse,
} from '@storelift/shared';
import type { Deps } from '../../deps.js';
import { ValidationError } from '../../lib/errors.js';
import type { AuthContext } from '../sessions/auth.plugin.js';
import { audit } from '../audit/audit.js';
import { findUser, findUserByEmail, identityOf, rolesOf, toUserView } from '../users/users.repo.js';
import { consumeOneTimeTokenRow, createSession, issueOneTimeToken } from '../sessions/sessions.repo.js';

/*
 * Log in as a user (docs/staff-tools.md). Staff with `users.login-as` get a one-time code for a customer; the
 * new tab exchanges it for a session of that customer which names the staff member, ends after an hour
 * whatever the activity, holds no staff rights and cannot change the account's credentials.
 */

const CODE_TTL_MS = LOGIN_CODE_SECONDS * 1000;
const SESSION_TTL_MS = IMPERSONATION_MINUTES * 60_000;

/** `POST auth/change-user-account` (admin API): checks the target and issues the code, audited. */
export async function changeUserAccount(
  deps: Deps,
  staff: AuthContext,
  email: string,
): Promise<ChangeUserAccountResponse> {
  const target = await findUserByEmail(deps.db, email);
  if (!target) throw ValidationError.field('email', SECURITY_MESSAGES.userNotFound);
  if (target.id === staff.user.id) throw ValidationError.field('email', SECURITY_MESSAGES.loginAsSelf);
  // Staff accounts are never opened this way: their rights would pass to whoever opens them.
  const roles = (await rolesOf(deps.db, [target.id])).get(target.id) ?? [];
  if (roles.some((role) => role !== 'user'))
    throw ValidationError.field('email', SECURITY_MESSAGES.loginAsStaff);
  if (!target.email_verified_at) throw ValidationError.field('email', SECURITY_MESSAGES.loginAsUnverified);
  const codeExpiresAt = new Date(Date.now() + CODE_TTL_MS);
  const code = await deps.db.transaction(async (tx) => {
    const issued = await issueOneTimeToken(tx, target.id, 'login-as', CODE_TTL_MS, staff.user.id);
    await audit(tx, {
      action: 'users.login-as',
      target: { type: 'user', id: target.id, userId: target.id },
      after: { email: target.email, minutes: IMPERSONATION_MINUTES },
    });
    return issued;
  });
  return {
    code,
    code_expires_at: codeExpiresAt.toISOString(),
    user: { id: target.id, email: target.email },
  };
}

/** `POST login-as` (customer API, public): the new tab's code for a limited session of the user. */
export async function exchangeLoginCode(deps: Deps, code: string): Promise<LoginAsResponse> {
  const row = await consumeOneTimeTokenRow(deps.db, 'login-as', code);
  if (!row?.impersonator_id) throw ValidationError.field('code', SECURITY_MESSAGES.loginCodeInvalid);
  const user = await findUser(deps.db, row.user_id);
  if (!user) throw ValidationError.field('code', SECURITY_MESSAGES.loginCodeInvalid);
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const access_token = await createSession(deps.db, user.id, {
    impersonatorId: row.impersonator_id,
    expiresAt,
  });
  const roles = (await rolesOf(deps.db, [user.id])).get(user.id) ?? [];
  return { user: toUserView(user, roles), access_token, expires_at: expiresAt.toISOString() };
}

/** The `impersonation` of `POST me`: who opened this session, and when it ends. */
export async function impersonationOf(deps: Deps, auth: AuthContext) {
  const { impersonator_id: id, expires_at: expiresAt } = auth.session;
  if (!id || !expiresAt) return undefined;
  const staff = await identityOf(deps.db, id);
  return staff && { by: staff, expires_at: expiresAt.toISOString() };
}
