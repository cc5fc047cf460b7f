import { USER_MESSAGES } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { ForbiddenError } from '../../lib/errors.js';
import { isStaffAccount } from './users.repo.js';

export { isStaffAccount } from './users.repo.js';

/**
 * Staff never change the money or rights of their own account or of another staff account (price plan,
 * balance, bonus, referrals, reseller approval, sales): 403, before anything is written (docs/permissions.md).
 */
export async function refuseSelfOrStaff(db: Queryable, actorId: number, userId: number) {
  if (userId === actorId) throw new ForbiddenError(USER_MESSAGES.ownAccountMoney);
  if (await isStaffAccount(db, userId)) throw new ForbiddenError(USER_MESSAGES.staffAccountMoney);
}
