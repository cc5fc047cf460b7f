import { and, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { bonusGrants } from '../../db/schema/index.js';
import { expireBonuses } from '../ledger/ledger.js';

/** Job: writes off the unspent part of every bonus grant past its end date, one user per transaction. */
export async function expireDueBonuses(db: Db, now = new Date()): Promise<number> {
  let users = 0;
  for (;;) {
    const due = await db
      .selectDistinct({ user_id: bonusGrants.user_id })
      .from(bonusGrants)
      .where(and(gt(bonusGrants.remaining, '0'), sql`${bonusGrants.expires_at} <= ${now.toISOString()}`))
      .limit(500);
    if (!due.length) return users;
    for (const { user_id } of due) await db.transaction((tx) => expireBonuses(tx, user_id, now));
    users += due.length;
  }
}
