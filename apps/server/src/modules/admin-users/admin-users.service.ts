import {
  MESSAGES,
  USER_MESSAGES,
  type AdminUser,
  type AdminUserDetail,
  type Gender,
  type adminUsersQuerySchema,
  type updateAdminUserBodySchema,
} from '@storelift/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps.js';
import type { Db, Queryable } from '../../db/client.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.js';
import { pageMeta } from '../../lib/paging.js';
import { audit } from '../audit/audit.js';
import { sendVerification } from '../auth/auth.service.js';
import { revokeUserSessions } from '../sessions/sessions.repo.js';
import { balancesOf } from '../ledger/ledger.js';
import { ensureBillingProfile } from '../plans/profiles.repo.js';
import { findPlan, syncPricetags } from '../plans/plans.repo.js';
import { pageReferrals } from '../referrals/referrals.repo.js';
import { isStaffAccount, refuseSelfOrStaff } from '../users/staff-accounts.js';
import { lockUser, nicknameInUse, rolesOf, toUserView } from '../users/users.repo.js';
import * as repo from './admin-users.repo.js';

/** The staff member acting: their id, roles and whether they may set price plans. */
export interface Actor {
  id: number;
  roles: readonly string[];
  canSetPlan: boolean;
}

function toAdminUser(row: repo.ListRow, roleNames: string[]): AdminUser {
  return {
    ...toUserView(row.user, roleNames),
    last_login_at: row.user.last_login_at?.toISOString() ?? null,
    gender: (row.user.gender as Gender | null) ?? null,
    eu_payee: row.user.eu_payee,
    is_active: row.user.is_active,
    priceplan: { id: row.plan_id ?? 0, name: row.plan_name ?? '' },
    manager:
      row.user.manager_id === null || row.manager_email === null
        ? null
        : { id: row.user.manager_id, nickname: row.manager_nickname!, email: row.manager_email },
    referral_code: row.referral_code ?? '',
  };
}

/** `GET users`: a page of the list. */
export async function listUsers(db: Db, query: z.output<typeof adminUsersQuerySchema>) {
  const { rows, total } = await repo.pageUsers(db, query);
  const roleMap = await rolesOf(
    db,
    rows.map((row) => row.user.id),
  );
  return {
    data: rows.map((row) => toAdminUser(row, roleMap.get(row.user.id) ?? [])),
    meta: pageMeta(total, query.page, query.limit),
  };
}

/** `GET users?id=`: one user with balances, totals, referrer and counts (deleted ones too). */
export async function userDetail(db: Db, id: number): Promise<AdminUserDetail> {
  await ensureBillingProfile(db, id).catch(() => undefined);
  const row = await repo.findListRow(db, id);
  if (!row) throw new NotFoundError();
  const [roleMap, balances, extras] = await Promise.all([
    rolesOf(db, [id]),
    balancesOf(db, id),
    repo.userExtras(db, id),
  ]);
  return {
    ...toAdminUser(row, roleMap.get(id) ?? []),
    balances,
    total_payments: extras?.total_payments ?? '0.0000',
    total_spent: extras?.total_spent ?? '0.0000',
    referrer:
      extras?.referrer_id == null
        ? null
        : { id: extras.referrer_id, nickname: extras.referrer_nickname!, email: extras.referrer_email! },
    referrals: extras?.referrals ?? 0,
    apps: extras?.apps ?? 0,
    deleted_at: row.user.deleted_at?.toISOString() ?? null,
  };
}

/** What the audit log keeps of a user's editable fields. */
const auditView = (user: repo.ListRow['user'], roleNames: string[], planId: number | null) => ({
  nickname: user.nickname,
  full_name: user.full_name,
  business_type: user.business_type,
  country: user.country,
  gender: user.gender,
  phone: user.phone,
  messenger_type: user.messenger_type,
  messenger_id: user.messenger_id,
  roles: roleNames,
  priceplan_id: planId,
  manager_id: user.manager_id,
  eu_payee: user.eu_payee,
});

async function liveUser(tx: Queryable, id: number) {
  const user = await lockUser(tx, id);
  if (!user) throw new NotFoundError();
  if (user.deleted_at) throw new ConflictError(USER_MESSAGES.userDeletedAlready);
  return user;
}

/** A staff account holds any role besides `user` (as `holdsStaffRole` reads it in SQL). */
const isStaffRoles = (roleNames: readonly string[]) => roleNames.some((name) => name !== 'user');

/**
 * The role ids of the new role list, refusing unknown roles, admin changes by a non-admin and a staff
 * account's roles changed by a non-admin (role management of staff is the admin's).
 */
async function checkedRoles(tx: Queryable, actor: Actor, userId: number, current: string[], next: string[]) {
  const names = [...new Set(next)];
  if (userId === actor.id) throw ValidationError.field('roles', USER_MESSAGES.ownRoles);
  const found = await repo.roleIdsByName(tx, names);
  if (found.length !== names.length) throw ValidationError.field('roles', USER_MESSAGES.roleUnknown);
  const byAdmin = actor.roles.includes('admin');
  if (current.includes('admin') !== names.includes('admin') && !byAdmin)
    throw new ForbiddenError(USER_MESSAGES.adminRoleOnlyByAdmin);
  if (isStaffRoles(current) && !byAdmin) throw new ForbiddenError(USER_MESSAGES.staffAccountOnlyByAdmin);
  return found.map((role) => role.id);
}

/** Money and rights are never changed on one's own account or on a staff account (403). */
function refuseMoneyChange(actor: Actor, userId: number, roleNames: readonly string[]) {
  if (userId === actor.id) throw new ForbiddenError(USER_MESSAGES.ownAccountMoney);
  if (isStaffRoles(roleNames)) throw new ForbiddenError(USER_MESSAGES.staffAccountMoney);
}

/**
 * `PUT users` (staff-admin §3 User): the fields staff may change. Roles: never one's own, the admin role
 * only by an admin. A new plan needs `users.set-price-plan` and copies the plan's prices into the pricetags.
 */
export async function updateUser(db: Db, actor: Actor, body: z.output<typeof updateAdminUserBodySchema>) {
  const { id } = body;
  await ensureBillingProfile(db, id).catch(() => undefined);
  await db.transaction(async (tx) => {
    const user = await liveUser(tx, id);
    const roleNames = (await rolesOf(tx as Db, [id])).get(id) ?? [];
    const planId = await repo.planIdOf(tx, id);
    const before = auditView(user, roleNames, planId);

    const errors: Record<string, string[]> = {};
    if (body.nickname !== undefined && body.nickname.toLowerCase() !== user.nickname.toLowerCase()) {
      if (await nicknameInUse(tx, body.nickname, id)) errors.nickname = [MESSAGES.nicknameTaken];
    }
    if (body.manager_id != null && !(await repo.isManager(tx, body.manager_id)))
      errors.manager_id = [USER_MESSAGES.managerInvalid];
    const planChange = body.priceplan_id !== undefined && body.priceplan_id !== planId;
    if (planChange && !(await findPlan(tx, body.priceplan_id!)))
      errors.priceplan_id = [USER_MESSAGES.planUnknown];
    // The plan, the manager (their commission) and the EU payee flag (VAT) are the account's money.
    const moneyChange =
      planChange ||
      (body.manager_id !== undefined && body.manager_id !== user.manager_id) ||
      (body.eu_payee !== undefined && body.eu_payee !== user.eu_payee);
    const messengerId = body.messenger_id === undefined ? user.messenger_id : body.messenger_id;
    const phone = body.phone === undefined ? user.phone : body.phone;
    if (!phone && !messengerId) errors.phone = [MESSAGES.phoneOrMessenger];
    const messengerType = body.messenger_type === undefined ? user.messenger_type : body.messenger_type;
    if (messengerId && !messengerType) errors.messenger_type = [MESSAGES.required];
    if (Object.keys(errors).length) throw new ValidationError(errors);
    if (planChange && !actor.canSetPlan) throw new ForbiddenError();
    if (moneyChange) refuseMoneyChange(actor, id, roleNames);

    const changes: repo.UserChanges = {
      ...(body.nickname !== undefined && { nickname: body.nickname }),
      ...(body.full_name !== undefined && { full_name: body.full_name }),
      ...(body.business_type !== undefined && { business_type: body.business_type }),
      ...(body.country !== undefined && { country: body.country }),
      ...(body.gender !== undefined && { gender: body.gender }),
      ...(body.phone !== undefined && { phone: body.phone ?? null }),
      ...(body.messenger_type !== undefined && { messenger_type: body.messenger_type ?? null }),
      ...(body.messenger_id !== undefined && { messenger_id: body.messenger_id ?? null }),
      ...(body.manager_id !== undefined && { manager_id: body.manager_id }),
      ...(body.eu_payee !== undefined && { eu_payee: body.eu_payee }),
    };
    const updated = await repo.updateUserFields(tx, id, changes);
    let nextRoles = roleNames;
    const rolesChange =
      body.roles !== undefined && [...new Set(body.roles)].sort().join() !== [...roleNames].sort().join();
    if (rolesChange) {
      await repo.setRoles(tx, id, await checkedRoles(tx, actor, id, roleNames, body.roles!));
      nextRoles = (await rolesOf(tx as Db, [id])).get(id) ?? [];
      // A role change applies at once: the user signs in again with the new rights.
      await revokeUserSessions(tx as Db, id);
    }
    if (planChange) await syncPricetags(tx, id, body.priceplan_id!);
    const after = auditView(updated, nextRoles, planChange ? body.priceplan_id! : planId);
    if (JSON.stringify(before) !== JSON.stringify(after))
      await audit(tx, { action: 'users.update', target: { type: 'user', id, userId: id }, before, after });
  });
  return { data: await userDetail(db, id), message: USER_MESSAGES.userSaved };
}

/** A staff account is deactivated, activated or deleted by an admin only (403). */
async function onlyAdminOnStaff(tx: Queryable, actor: Actor, id: number) {
  if (!actor.roles.includes('admin') && (await isStaffAccount(tx, id)))
    throw new ForbiddenError(USER_MESSAGES.staffAccountOnlyByAdmin);
}

/**
 * `DELETE users/{id}`: a soft delete. Refused while the user has money or running campaigns; the user
 * cannot sign in afterwards, their sessions end and their ledger rows stay.
 */
export async function deleteUser(db: Db, actor: Actor, id: number) {
  if (id === actor.id) throw new ConflictError(USER_MESSAGES.ownAccount);
  await db.transaction(async (tx) => {
    const user = await liveUser(tx, id);
    await onlyAdminOnStaff(tx, actor, id);
    if (await repo.hasMoney(tx, id)) throw new ConflictError(USER_MESSAGES.deleteHasMoney);
    if (await repo.hasRunningCampaigns(tx, id)) throw new ConflictError(USER_MESSAGES.deleteHasCampaigns);
    await repo.markUserDeleted(tx, id);
    await revokeUserSessions(tx as Db, id);
    await audit(tx, {
      action: 'users.delete',
      target: { type: 'user', id, userId: id },
      before: { email: user.email, nickname: user.nickname, is_active: user.is_active },
    });
  });
  return { message: USER_MESSAGES.userDeleted };
}

/** `PUT users/{id}/activate` and `…/deactivate`: a deactivated user's sessions end at once. */
export async function setActive(db: Db, actor: Actor, id: number, active: boolean) {
  if (id === actor.id && !active) throw new ConflictError(USER_MESSAGES.ownAccount);
  await db.transaction(async (tx) => {
    const user = await liveUser(tx, id);
    await onlyAdminOnStaff(tx, actor, id);
    if (user.is_active === active) return;
    await repo.setUserActive(tx, id, active);
    if (!active) await revokeUserSessions(tx as Db, id);
    await audit(tx, {
      action: active ? 'users.activate' : 'users.deactivate',
      target: { type: 'user', id, userId: id },
      before: { is_active: user.is_active },
      after: { is_active: active },
    });
  });
  return {
    data: await userDetail(db, id),
    message: active ? USER_MESSAGES.userActivated : USER_MESSAGES.userDeactivated,
  };
}

/** `POST users/{id}/resend-verification`: a new link to an unverified user. */
export async function resendVerification(deps: Deps, id: number) {
  const user = await deps.db.transaction(async (tx) => {
    const row = await liveUser(tx, id);
    if (row.email_verified_at) throw new ConflictError(USER_MESSAGES.alreadyVerified);
    await audit(tx, { action: 'users.resend-verification', target: { type: 'user', id, userId: id } });
    return row;
  });
  await sendVerification(deps, user);
  return { message: USER_MESSAGES.verificationResent };
}

/** `GET managers`. */
export async function managers(db: Db) {
  return { data: await repo.listManagers(db) };
}

/** `GET users/referrals` (staff): the users a user referred, newest first by default. */
export async function listReferrals(
  db: Db,
  query: { user_id: number; page: number; limit: number; sortBy: 'asc' | 'desc' },
) {
  const { rows, total } = await pageReferrals(db, query.user_id, {
    page: query.page,
    limit: query.limit,
    sortBy: 'created_at',
    sortType: query.sortBy,
  });
  return {
    data: rows.map((row) => ({
      id: row.id,
      nickname: row.nickname,
      email: row.email,
      created_at: row.created_at.toISOString(),
      total_payments: row.payments,
      total_spent: row.spendings_new,
      earned: row.earned,
    })),
    meta: pageMeta(total, query.page, query.limit),
  };
}

/**
 * `POST users/referrals`: makes a user (by id or e-mail) a referral of `user_id`. A user has one referrer:
 * one who has another is refused (remove them there first), and a chain never loops back.
 */
export async function attachReferral(db: Db, actorId: number, userId: number, value: string) {
  const referralId = await repo.liveUserIdByIdOrEmail(db, value);
  if (referralId === undefined) throw ValidationError.field('referral', USER_MESSAGES.referralUnknown);
  if (referralId === userId) throw ValidationError.field('referral', USER_MESSAGES.referralSelf);
  // Commissions flow from the referral to the referrer: neither may be the caller or a staff account.
  await refuseSelfOrStaff(db, actorId, userId);
  await refuseSelfOrStaff(db, actorId, referralId);
  await ensureBillingProfile(db, userId);
  await ensureBillingProfile(db, referralId);
  await db.transaction(async (tx) => {
    await liveUser(tx, userId);
    const profile = await repo.lockReferrerOf(tx, referralId);
    if (profile!.referrer_id !== null && profile!.referrer_id !== userId)
      throw ValidationError.field('referral', USER_MESSAGES.referralTaken);
    if (profile!.referrer_id === userId) return;
    // Walk up from the referrer: meeting the referral there would make a loop.
    if (await repo.referrerChainReaches(tx, userId, referralId))
      throw ValidationError.field('referral', USER_MESSAGES.referralCycle);
    await repo.setReferrer(tx, referralId, userId);
    await audit(tx, {
      action: 'users.attach-referral',
      target: { type: 'user', id: referralId, userId },
      before: { referrer_id: null },
      after: { referrer_id: userId },
    });
  });
  return { message: USER_MESSAGES.referralAttached };
}

/** `DELETE users/referrals/{id}`: the user stops being anyone's referral (commissions already paid stay). */
export async function removeReferral(db: Db, actorId: number, referralId: number) {
  if (referralId === actorId) throw new ForbiddenError(USER_MESSAGES.ownAccountMoney);
  await db.transaction(async (tx) => {
    const profile = await repo.lockReferrerOf(tx, referralId);
    if (!profile) throw new NotFoundError();
    if (profile.referrer_id === null) throw new ConflictError(USER_MESSAGES.notReferral);
    await repo.setReferrer(tx, referralId, null);
    await audit(tx, {
      action: 'users.remove-referral',
      target: { type: 'user', id: referralId, userId: profile.referrer_id },
      before: { referrer_id: profile.referrer_id },
      after: { referrer_id: null },
    });
  });
  return { message: USER_MESSAGES.referralRemoved };
}

/** `GET users/{id}/apps`: the user's tracked apps. */
export async function userApps(db: Db, id: number, page: number, limit: number) {
  const { rows, total } = await repo.pageUserApps(db, id, page, limit);
  return {
    data: rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() })),
    meta: pageMeta(total, page, limit),
  };
}
