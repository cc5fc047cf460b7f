import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import '../../../lib/access-messages';
import type { AuditList, AuditListQuery } from '@storelift/shared';
import { api } from '../../../lib/api';

/** The list query as the table sends it (page and limit always set). */
export type AuditQuery = Omit<AuditListQuery, 'page' | 'limit'> & { page: number; limit: number };

export const auditKeys = {
  all: ['admin', 'audit'] as const,
  list: (query: AuditQuery) => ['admin', 'audit', 'list', query] as const,
};

/** One page of `GET audit`; the previous page stays on screen while the next loads. */
export const auditQueryOptions = (query: AuditQuery) =>
  queryOptions({
    queryKey: auditKeys.list(query),
    queryFn: ({ signal }) => api.get<AuditList>('audit', { base: 'admin', query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    // Always refetched on opening: a change made a moment ago (user details, another tab) must show.
    staleTime: 0,
  });
