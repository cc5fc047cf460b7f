import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/reconciliation-messages';
import '../../../lib/user-messages';
import type {
  ReconciliationCandidates,
  StatementFormat,
  StatementLineListResponse,
  StatementLineResponse,
  StatementLineState,
  StatementListResponse,
  UploadStatementResponse,
} from '@storelift/shared';
import { api } from '../../../lib/api';

const base = 'admin' as const;

export const reconciliationKeys = {
  all: ['admin', 'reconciliation'] as const,
  statements: (query: object) => ['admin', 'reconciliation', 'statements', query] as const,
  lines: (query: object) => ['admin', 'reconciliation', 'lines', query] as const,
  candidates: (search: string) => ['admin', 'reconciliation', 'candidates', search] as const,
};

/** One page of `GET reconciliation/statements`, newest first. */
export const statementsQueryOptions = (query: { page: number; limit: number }) =>
  queryOptions({
    queryKey: reconciliationKeys.statements(query),
    queryFn: ({ signal }) =>
      api.get<StatementListResponse>('reconciliation/statements', { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });

export interface LinesQuery {
  statement_id?: number;
  state?: StatementLineState;
  page: number;
  limit: number;
}

/** One page of `GET reconciliation/lines`: a statement's lines, or the lines in a state (the unmatched queue). */
export const linesQueryOptions = (query: LinesQuery) =>
  queryOptions({
    queryKey: reconciliationKeys.lines(query),
    queryFn: ({ signal }) =>
      api.get<StatementLineListResponse>('reconciliation/lines', { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });

/** `GET reconciliation/candidates`: open transfer payments and users matching what staff typed. */
export const candidatesQueryOptions = (search: string) =>
  queryOptions({
    queryKey: reconciliationKeys.candidates(search),
    queryFn: ({ signal }) =>
      api.get<ReconciliationCandidates>('reconciliation/candidates', { base, query: { search }, signal }),
    enabled: search.trim().length >= 2,
    staleTime: 5_000,
  });

/** `POST reconciliation/statements`: the file in a form (its name kept), the format or detected. */
export function useUploadStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, format }: { file: File; format: StatementFormat | null }) => {
      const form = new FormData();
      form.append('file', file);
      return api.post<UploadStatementResponse>('reconciliation/statements', form, {
        base,
        ...(format && { query: { format } }),
      });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: reconciliationKeys.all }),
  });
}

/** `POST reconciliation/lines/{id}/assign`: to an open transfer payment, or as a new payment of a user. */
export function useAssignLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, to }: { id: number; to: { payment_id: number } | { user_id: number } }) =>
      api.post<StatementLineResponse>(`reconciliation/lines/${id}/assign`, to, { base }),
    onSettled: () => client.invalidateQueries({ queryKey: reconciliationKeys.all }),
  });
}

/** `POST reconciliation/lines/{id}/ignore` with the reason. */
export function useIgnoreLine() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      api.post<StatementLineResponse>(`reconciliation/lines/${id}/ignore`, { reason }, { base }),
    onSettled: () => client.invalidateQueries({ queryKey: reconciliationKeys.all }),
  });
}
