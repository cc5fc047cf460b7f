import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TransactionListResponse, TransactionType } from '@storelift/shared';
import { api } from '../../../lib/api';
import { currentLocale } from '../../../lib/i18n';
import type { DateShortcut } from '../../../lib/date-range';

/** The transactions list as the table asks for it (customer-area §3 filters). */
export interface TransactionListParams {
  page: number;
  limit: number;
  type?: TransactionType;
  /** 0 all accounts, 1 main (PAYMENTS), 2 bonus (BONUS_PAYMENTS). */
  balance: 0 | 1 | 2;
  appstore?: 1 | 2;
  package?: string;
  search?: string;
  date?: DateShortcut;
  from?: string;
  to?: string;
  sortBy: 'date' | 'amount' | 'type';
  sortType: 'asc' | 'desc';
}

export const transactionKeys = {
  all: ['billing', 'transactions'] as const,
  list: (params: TransactionListParams) => ['billing', 'transactions', 'list', params] as const,
};

/** `GET transactions`: one page of the caller's ledger rows (described in the interface language). */
export const transactionsQueryOptions = (params: TransactionListParams) =>
  queryOptions({
    queryKey: [...transactionKeys.list(params), currentLocale()],
    queryFn: ({ signal }) =>
      api.get<TransactionListResponse>('transactions', { query: { ...params }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
