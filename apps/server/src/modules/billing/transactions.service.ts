import { DEFAULT_LOCALE, type Locale } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { pageMeta } from '../../lib/paging.js';
import { localizeText } from '../reference/reference-texts.js';
import { toTransactionView } from './billing.views.js';
import { pageTransactions, type ListQuery } from './transactions.repo.js';

/** `GET transactions`: a page of the user's ledger rows with paging meta, described in the locale. */
export async function listTransactions(
  db: Db,
  userId: number,
  query: ListQuery,
  locale: Locale = DEFAULT_LOCALE,
) {
  const { rows, total } = await pageTransactions(db, userId, query);
  const data = rows.map(toTransactionView).map((row) => ({
    ...row,
    description: row.description && localizeText(locale, row.description),
  }));
  return { data, meta: pageMeta(total, query.page, query.limit) };
}
