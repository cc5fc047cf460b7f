import { DEFAULT_LOCALE, type Locale } from '@storelift/shared';
import type { Db } from '../../db/client.js';
import { pageMeta } from '../../lib/paging.js';
import { localizeText } from '../reference/reference-texts.js';
import { toTransactionView } from './billing.views.js';
import { pageTransactions, type ListQuery } from './transactions.repo.js';

/**
 * `GET transactions`: a page of the user's ledger rows with paging meta. A row with a description key keeps its
 * English text (the web renders the key); an older row's text is given in the locale when it is a known one.
 */
export async function listTransactions(
  db: Db,
  userId: number,
  query: ListQuery,
  locale: Locale = DEFAULT_LOCALE,
) {
  const { rows, total } = await pageTransactions(db, userId, query);
  const data = rows.map(toTransactionView).map((row) => ({
    ...row,
    description:
      row.description && !row.description_key ? localizeText(locale, row.description) : row.description,
  }));
  return { data, meta: pageMeta(total, query.page, query.limit) };
}
