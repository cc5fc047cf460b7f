import type { Permission } from '@storelift/shared';
import type { Queryable } from '../../db/client.js';
import { notify, type SystemNotice } from './notify.js';
import { staffHolding } from './staff.repo.js';

/**
 * Writes a system notice to every active staff member whose roles grant `permission` (docs/notices.md, System
 * notices), in the caller's transaction: something the system cannot put right by itself and staff must know.
 */
export async function notifyStaff(
  tx: Queryable,
  permission: Permission,
  notice: Omit<SystemNotice, 'userId'>,
) {
  for (const userId of await staffHolding(tx, permission)) await notify(tx, { ...notice, userId });
}
