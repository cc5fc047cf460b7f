import type { Db } from '../../db/client.js';
import { expireBonuses } from '../ledger/ledger.js';
import { usersWithDueBonuses } from './transactions.repo.js';

/** Job: writes off the unspent part of every bonus grant past its end date, one user per transaction. */
export async function expireDueBonuses(db: Db, now = new Date()): Promise<number> {
  let users = 0;
  for (;;) {
    const due = await usersWithDueBonuses(db, now, 500);
    if (!due.length) return users;
    for (const userId of due) await db.transaction((tx) => expireBonuses(tx, userId, now));
    users += due.length;
  }
}
