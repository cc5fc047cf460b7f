import type { Db } from '../../db/client.js';
import { accountsOutOfStep, ledgerCounts, type LedgerProblem } from './ledger.repo.js';

export type { LedgerProblem } from './ledger.repo.js';

/**
 * `npm run ledger:check`: for every account, the cached balance must equal the sum of its transactions,
 * never be negative, and (bonus) equal what is left of its bonus grants.
 */
export async function checkLedger(
  db: Db,
): Promise<{ accounts: number; transactions: number; problems: LedgerProblem[] }> {
  const problems = await accountsOutOfStep(db);
  return { ...(await ledgerCounts(db)), problems };
}
