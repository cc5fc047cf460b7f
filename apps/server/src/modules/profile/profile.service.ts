import {
  MESSAGES,
  type Locale,
  type ProfileResponse,
  type ProfileUpdateResponse,
  type changePasswordBodySchema,
  type profileUpdateBodySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import { ValidationError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { isUniqueViolation } from '../../lib/unique-violation.js';
import type { AuthContext } from '../sessions/auth.plugin.js';
import { apiInfoOf } from '../api-credits/api-credits.service.js';
import { revokeUserSessions } from '../sessions/sessions.repo.js';
import { balancesOf } from '../ledger/ledger.js';
import { billingProfileOf } from '../plans/profiles.repo.js';
import { renderMail } from '../mail/mail.templates.js';
import { findPlan } from '../plans/plans.repo.js';
import { referralLink } from '../referrals/referrals.service.js';
import {
  accountFields,
  lockUser,
  nicknameInUse,
  setPassword,
  toUserView,
  type UserRow,
} from '../users/users.repo.js';
import { updateProfileFields } from './profile.repo.js';

/** `GET users/profile`: who the user is, the plan, the balances, the API key and the referral link. */
export async function profileOf(deps: Deps, user: UserRow): Promise<ProfileResponse> {
  const profile = await billingProfileOf(deps.db, user.id);
  const [balances, plan] = await Promise.all([
    balancesOf(deps.db, user.id),
    findPlan(deps.db, profile.price_plan_id),
  ]);
  return {
    data: {
      id: user.id,
      nickname: user.nickname,
      email: user.email,
      full_name: user.full_name,
      business_type: user.business_type,
      country: user.country,
      phone: user.phone,
      messenger_type: user.messenger_type,
      messenger_id: user.messenger_id,
      avatar: user.avatar,
      company: user.company,
      address: user.address,
      vat_id: user.vat_id,
      priceplan: { id: profile.price_plan_id, name: plan?.name ?? '' },
      balances,
      api: apiInfoOf(profile),
      referral: {
        code: profile.referral_code,
        link: referralLink(deps.config.publicUrl, profile.referral_code),
      },
    },
  };
}

const nicknameTaken = () => ValidationError.field('nickname', MESSAGES.nicknameTaken);

/**
 * `POST users/profile`: the nickname (unique, case-insensitively), the profile fields of sign-up and the
 * details the invoices print.
 */
export async function updateProfile(
  deps: Deps,
  auth: AuthContext,
  body: z.output<typeof profileUpdateBodySchema>,
): Promise<ProfileUpdateResponse> {
  if (await nicknameInUse(deps.db, body.nickname, auth.user.id)) throw nicknameTaken();
  const row = await updateProfileFields(deps.db, auth.user.id, {
    ...accountFields(body),
    // Left out, an invoice detail keeps its value.
    company: body.company,
    address: body.address,
    vat_id: body.vat_id,
  }).catch((error: unknown) => {
    // Another account took the nickname between the check and the update.
    if (isUniqueViolation(error)) throw nicknameTaken();
    throw error;
  });
  return {
    ...(await profileOf(deps, row)),
    user: toUserView(row, auth.roles),
    message: MESSAGES.actionSaved,
  };
}

/**
 * `POST users/profile/password`: the current password must be right (else 422 on `current_password`); the
 * new one replaces it, every other session ends when `sign_out_everywhere` is set, and a mail tells the owner. The user's row is locked, so
 * two changes at once cannot both pass the check of the same old password.
 */
export async function changePassword(
  deps: Deps,
  auth: AuthContext,
  body: z.output<typeof changePasswordBodySchema>,
) {
  const newHash = await hashPassword(body.password);
  const user = await deps.db.transaction(async (tx) => {
    const locked = await lockUser(tx, auth.user.id);
    if (!locked || !(await verifyPassword(locked.password_hash, body.current_password))) {
      throw ValidationError.field('current_password', MESSAGES.currentPasswordWrong);
    }
    await setPassword(tx, locked.id, newHash);
    if (body.sign_out_everywhere) await revokeUserSessions(tx, locked.id, auth.session.id);
    return locked;
  });
  const mail = await renderMail(deps.db, 'password-changed', user.locale as Locale, {
    name: user.nickname,
    email: user.email,
    link: `${deps.config.publicUrl}/forgot-password`,
  });
  await deps.jobs.send('mail.send', { to: user.email, ...mail });
  return { message: MESSAGES.passwordChanged };
}
