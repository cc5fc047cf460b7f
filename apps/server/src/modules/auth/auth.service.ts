import {
  DEFAULT_LOCALE,
  MESSAGES,
  type Locale,
  type LoginResponse,
  type MeResponse,
  type User,
  type loginBodySchema,
  type passwordResetStoreBodySchema,
  type registerBodySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/client.js';
import { ForbiddenError, MaintenanceError, ValidationError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { AuthContext } from '../sessions/auth.plugin.js';
import { refuseBlocked } from '../access-lists/access-lists.service.js';
import { impersonationOf } from './impersonation.service.js';
import { ensureBillingProfile, voidApiTokens } from '../plans/profiles.repo.js';
import { renderMail } from '../mail/mail.templates.js';
import { checkSecondFactor } from '../profile/two-factor.service.js';
import { isMaintenance } from '../core-settings/core-settings.repo.js';
import {
  accountFields,
  findUserByEmail,
  grantRoles,
  insertUser,
  markEmailVerified,
  nicknameInUse,
  rolesOf,
  setLastLogin,
  setLocale,
  setPassword,
  toUserView,
  type UserRow,
} from '../users/users.repo.js';
import {
  consumeOneTimeToken,
  createSession,
  expireSessionAt,
  issueOneTimeToken,
  revokeSession,
  revokeUserSessions,
} from '../sessions/sessions.repo.js';

const VERIFY_TTL_MS = 48 * 3600_000;
const RESET_TTL_MS = 60 * 60_000;
/** `me` hands out a fresh token once a session is this old; the old one lives on briefly. */
export const ROTATE_AFTER_MS = 60 * 60_000;
const ROTATION_GRACE_MS = 60_000;

// Compared against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password.
const decoyHash = hashPassword('decoy-password-for-timing');

async function viewOf(db: Db, user: UserRow): Promise<User> {
  return toUserView(user, (await rolesOf(db, [user.id])).get(user.id) ?? []);
}

async function refuseDuringMaintenance(db: Db) {
  if (await isMaintenance(db)) throw new MaintenanceError();
}

/** Creates an unverified account with the `user` role and mails the verification link. */
export async function register(deps: Deps, body: z.output<typeof registerBodySchema>) {
  await refuseDuringMaintenance(deps.db);
  await refuseBlocked(deps.db, { email: body.email, country: body.country });
  const errors: Record<string, string[]> = {};
  if (await findUserByEmail(deps.db, body.email)) errors.email = [MESSAGES.emailTaken];
  if (await nicknameInUse(deps.db, body.nickname)) errors.nickname = [MESSAGES.nicknameTaken];
  if (Object.keys(errors).length) throw new ValidationError(errors);

  const password_hash = await hashPassword(body.password);
  const user = await deps.db.transaction(async (tx) => {
    const row = await insertUser(tx, {
      email: body.email,
      password_hash,
      ...accountFields(body),
      locale: body.locale ?? DEFAULT_LOCALE,
      signup_ref: body.ref ?? null,
    });
    if (!row) throw new ValidationError({ email: [MESSAGES.emailTaken] });
    await grantRoles(tx, row.id, ['user']);
    // Accounts, plan and referral code from the start; `ref` names the referrer.
    await ensureBillingProfile(tx, row.id);
    return row;
  });
  await sendVerification(deps, user);
  return { message: MESSAGES.accountCreated };
}

/** Mails a new verification link (sign-up, re-send, and staff's re-send from the user list). */
export async function sendVerification(deps: Deps, user: UserRow) {
  const token = await issueOneTimeToken(deps.db, user.id, 'verify', VERIFY_TTL_MS);
  const link = `${deps.config.publicUrl}/api/private/v1/email/verify?token=${token}`;
  const values = { name: user.nickname, email: user.email, link };
  const mail = await renderMail(deps.db, 'verify', user.locale as Locale, values);
  await deps.jobs.send('mail.send', { to: user.email, ...mail });
}

/**
 * Checks the password (and, when the user turned it on, the second factor) and opens a session; unverified
 * accounts are refused with 403.
 */
export async function login(deps: Deps, body: z.output<typeof loginBodySchema>): Promise<LoginResponse> {
  const user = await findUserByEmail(deps.db, body.email);
  const valid = user
    ? await verifyPassword(user.password_hash, body.password)
    : (await verifyPassword(await decoyHash, body.password), false);
  // A deleted account (soft delete, staff-admin §4) signs in as if it did not exist.
  if (!user || !valid || user.deleted_at) throw ValidationError.field('email', MESSAGES.badCredentials);
  if (!user.is_active) throw new ForbiddenError(MESSAGES.accountDeactivated);
  if (!user.email_verified_at)
    throw new ForbiddenError(MESSAGES.notActivated, { status: 'Email verify failed' });
  await refuseBlocked(deps.db, { email: user.email, country: user.country });
  const view = await viewOf(deps.db, user);
  if (!view.roles.includes('admin')) await refuseDuringMaintenance(deps.db);
  await checkSecondFactor(deps.db, user.id, body.code);
  const access_token = await createSession(deps.db, user.id);
  await setLastLogin(deps.db, user.id);
  return { user: view, access_token };
}

/**
 * The current user with the permission names their roles hold (the web's menu and buttons follow them); a
 * session older than an hour gets a new token in `new_token`.
 */
export async function me(
  deps: Deps,
  auth: AuthContext,
  permissions: ReadonlySet<string>,
): Promise<MeResponse> {
  const view = toUserView(auth.user, auth.roles);
  const response: MeResponse = {
    user: view,
    roles: auth.roles,
    permissions: [...permissions].sort(),
    is_build: deps.config.webDist !== undefined,
  };
  const impersonation = await impersonationOf(deps, auth);
  if (impersonation) response.impersonation = impersonation;
  // A session opened as the user keeps its fixed end: it is never rotated into a longer one.
  else if (Date.now() - auth.session.created_at.getTime() > ROTATE_AFTER_MS) {
    response.new_token = await createSession(deps.db, auth.user.id);
    await expireSessionAt(deps.db, auth.session.id, new Date(Date.now() + ROTATION_GRACE_MS));
  }
  return response;
}

export async function logout(deps: Deps, auth: AuthContext) {
  await revokeSession(deps.db, auth.session.id);
  return { message: MESSAGES.loggedOut };
}

/** Mails a reset link when the account exists; answers the same either way. */
export async function forgotPassword(deps: Deps, email: string) {
  await refuseDuringMaintenance(deps.db);
  const user = await findUserByEmail(deps.db, email);
  if (user && !user.deleted_at) {
    const token = await issueOneTimeToken(deps.db, user.id, 'reset', RESET_TTL_MS);
    const query = new URLSearchParams({ token, email: user.email });
    const link = `${deps.config.publicUrl}/api/password-reset?${query}`;
    const values = { name: user.nickname, email: user.email, link };
    const mail = await renderMail(deps.db, 'reset', user.locale as Locale, values);
    await deps.jobs.send('mail.send', { to: user.email, ...mail });
  }
  return { message: MESSAGES.resetLinkSent };
}

/** Sends a new verification link to an unverified account; answers the same either way. */
export async function resendVerification(deps: Deps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  if (user && !user.email_verified_at && !user.deleted_at) await sendVerification(deps, user);
  return { message: MESSAGES.verificationSent };
}

/**
 * Sets a new password from a reset link, signs out every session, voids both API tokens (whoever took the
 * account may hold them; the owner creates new ones on My profile), and counts as e-mail proof.
 */
export async function resetPassword(deps: Deps, body: z.output<typeof passwordResetStoreBodySchema>) {
  const user = await findUserByEmail(deps.db, body.email);
  const userId = user && (await consumeOneTimeToken(deps.db, 'reset', body.token, user.id));
  if (!user || !userId) throw ValidationError.field('token', MESSAGES.tokenInvalid);
  const passwordHash = await hashPassword(body.password);
  await deps.db.transaction(async (tx) => {
    await setPassword(tx, user.id, passwordHash, user.email_verified_at ?? new Date());
    await voidApiTokens(tx, user.id);
    await revokeUserSessions(tx, user.id);
  });
  return { message: MESSAGES.passwordReset };
}

/** Confirms an e-mail address from its link; true when the link was valid. */
export async function verifyEmail(deps: Deps, token: string): Promise<boolean> {
  const userId = await consumeOneTimeToken(deps.db, 'verify', token);
  if (!userId) return false;
  await markEmailVerified(deps.db, userId);
  return true;
}

/** Saves the interface language, which also picks the language of the user's e-mails. */
export async function changeLocale(deps: Deps, auth: AuthContext, locale: Locale) {
  await setLocale(deps.db, auth.user.id, locale);
  return { user: toUserView({ ...auth.user, locale }, auth.roles) };
}
