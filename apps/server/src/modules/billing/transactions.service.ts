import type { z } from 'zod';
import type { transactionListQuerySchema } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { pageMeta } from '../../lib/paging.js';
import { toTransactionView } from './billing.views.js';
import { pageTransactions } from './transactions.repo.js';

/** `GET transactions`: a page of the user's ledger rows with paging meta. */
export async function listTransactions(
  db: Db,
  userId: number,
  query: z.output<typeof transactionListQuerySchema>,
) {
  const { rows, total } = await pageTransactions(db, userId, query);
  return { data: rows.map(toTransactionView), meta: pageMeta(total, query.page, query.limit) };
}
