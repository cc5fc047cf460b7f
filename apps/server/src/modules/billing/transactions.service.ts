import type { z } from 'zod';
import { DEFAULT_LOCALE, type Locale, type transactionListQuerySchema } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { pageMeta } from '../../lib/paging.js';
import { localizeText } from '../reference/reference-texts.js';
import { toTransactionView } from './billing.views.js';
import { pageTransactions } from './transactions.repo.js';

/** `GET transactions`: a page of the user's ledger rows with paging meta, described in the locale. */
export async function listTransactions(
  db: Db,
  userId: number,
  query: z.output<typeof transactionListQuerySchema>,
  locale: Locale = DEFAULT_LOCALE,
) {
  const { rows, total } = await pageTransactions(db, userId, query);
  const data = rows.map(toTransactionView).map((row) => ({
    ...row,
    description: row.description && localizeText(locale, row.description),
  }));
  return { data, meta: pageMeta(total, query.page, query.limit) };
}
