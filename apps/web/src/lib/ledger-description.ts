import type { TFunction } from 'i18next';
import type { Transaction } from '@storelift/shared';
import { formatMoney } from './format';

/**
 * A ledger row's description in the reader's language: its key and parameters (`ledger.*` of the money
 * namespace, plurals on `count`), or the stored text of a row written before keys or typed by staff.
 */
export function ledgerDescription(
  t: TFunction<'money'>,
  row: Pick<Transaction, 'description' | 'description_key' | 'description_params'>,
): string | null {
  if (!row.description_key) return row.description;
  const params = { ...row.description_params };
  if (typeof params.amount === 'string') params.amount = formatMoney(params.amount);
  return t(`ledger.${row.description_key}` as 'ledger.topUp', params);
}
