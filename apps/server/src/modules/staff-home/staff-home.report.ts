import { and, count, eq, gte, isNull, not, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Permission, StaffHomeCounts } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import {
  bonusSubmissions,
  campaignMessages,
  campaigns,
  contactMessages,
  payments,
  referralPayouts,
  serverErrors,
  users,
} from '../../db/schema/index.js';
import { unassignedClients } from '../sales/sales.service.js';

/**
 * Each count of the staff home: the list it counts (its permission) and the filter of that list, each served
 * by an index (a partial or a leading-status one).
 */
const COUNTS: Record<
  keyof StaffHomeCounts,
  { permission: Permission; from: PgTable; where: (db: Db) => SQL | undefined }
> = {
  payments_awaiting: {
    permission: 'user-payments',
    from: payments,
    where: () => eq(payments.status, 'received'),
  },
  campaigns_waiting: {
    permission: 'user-orders',
    from: campaigns,
    where: () => eq(campaigns.status, 'pending'),
  },
  failed_callbacks: {
    permission: 'operations',
    from: serverErrors,
    where: () =>
      and(eq(serverErrors.source, 'callback'), gte(serverErrors.created_at, sql`now() - interval '1 day'`)),
  },
  new_clients: { permission: 'sales-report', from: users, where: unassignedClients },
  unread_messages: {
    permission: 'user-orders',
    from: campaignMessages,
    where: () => and(not(campaignMessages.from_staff), isNull(campaignMessages.read_at)),
  },
  pending_payouts: {
    permission: 'referral-payouts',
    from: referralPayouts,
    where: () => eq(referralPayouts.status, 'pending'),
  },
  pending_bonus: {
    permission: 'bonus-submissions',
    from: bonusSubmissions,
    where: () => eq(bonusSubmissions.status, 'pending'),
  },
  new_contact_messages: {
    permission: 'contact-messages',
    from: contactMessages,
    where: () => eq(contactMessages.status, 'new'),
  },
};

/** `GET home`: the counts the caller's permissions allow, the others null (their lists would answer 403). */
export async function staffHome(
  db: Db,
  permissions: ReadonlySet<string>,
): Promise<{ data: StaffHomeCounts }> {
  const entries = await Promise.all(
    Object.entries(COUNTS).map(async ([key, { permission, from, where }]) => {
      if (!permissions.has(permission)) return [key, null] as const;
      const [row] = await db.select({ value: count() }).from(from).where(where(db));
      return [key, row?.value ?? 0] as const;
    }),
  );
  return { data: Object.fromEntries(entries) as StaffHomeCounts };
}
