import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { rowsOf } from '../../db/sql-rows.js';

/** An account whose cached balance disagrees with its rows (or its bonus grants), or is negative. */
export interface LedgerProblem {
  account_id: number;
  user_id: number;
  type: string;
  balance: string;
  sum_of_rows: string;
  /** Bonus accounts: what is left of the bonus grants. */
  grants: string | null;
}

/**
 * `npm run ledger:check`: for every account, the cached balance must equal the sum of its transactions,
 * never be negative, and (bonus) equal what is left of its bonus grants.
 */
export async function checkLedger(
  db: Db,
): Promise<{ accounts: number; transactions: number; problems: LedgerProblem[] }> {
  const problems = await rowsOf<LedgerProblem>(
    db,
    sql`
    select a.id as account_id, a.user_id, a.type, a.balance::text as balance,
      coalesce(t.total, 0)::numeric(14,4)::text as sum_of_rows,
      case when a.type = 'bonus' then coalesce(g.remaining, 0)::numeric(14,4)::text end as grants
    from accounts a
    left join (select account_id, sum(amount) as total from transactions group by account_id) t
      on t.account_id = a.id
    left join (select user_id, sum(remaining) as remaining from bonus_grants group by user_id) g
      on g.user_id = a.user_id and a.type = 'bonus'
    where a.balance <> coalesce(t.total, 0) or a.balance < 0
      or (a.type = 'bonus' and a.balance <> coalesce(g.remaining, 0))
    order by a.id`,
  );
  const [counts] = await rowsOf<{ accounts: number; transactions: number }>(
    db,
    sql`select (select count(*) from accounts)::int as accounts,
      (select count(*) from transactions)::int as transactions`,
  );
  return { ...counts!, problems };
}
