import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/access-messages';
import type {
  DeletedResponse,
  RoleBody,
  RoleGrantsBody,
  RoleGrantsResponse,
  RoleList,
  RoleListQuery,
  RoleResponse,
} from '@storelift/shared';
import { api } from '../../../lib/api';
import { authKeys } from '../../../lib/session';

/** The list query as the table sends it (page and limit always set). */
export type RolesQuery = Omit<RoleListQuery, 'page' | 'limit'> & { page: number; limit: number };

export const roleKeys = {
  all: ['admin', 'roles'] as const,
  list: (query: RolesQuery) => ['admin', 'roles', 'list', query] as const,
  grants: (id: number) => ['admin', 'roles', 'grants', id] as const,
};

const base = 'admin' as const;

/** One page of `GET roles`; the previous page stays on screen while the next loads. */
export const rolesQueryOptions = (query: RolesQuery) =>
  queryOptions({
    queryKey: roleKeys.list(query),
    queryFn: ({ signal }) => api.get<RoleList>('roles', { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** `GET roles/{id}/grants`: the grants matrix of one role. */
export const grantsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: roleKeys.grants(id),
    queryFn: ({ signal }) =>
      api.get<RoleGrantsResponse>(`roles/${id}/grants`, { base, signal }).then((answer) => answer.data),
  });

type Client = ReturnType<typeof useQueryClient>;

/**
 * Roles and grants decide what everyone may open, the signed-in staff member included: after a change the
 * lists are read again and so is `me`, so this user's own menu follows at once.
 */
function refreshAfterChange(client: Client) {
  void client.invalidateQueries({ queryKey: roleKeys.all });
  void client.invalidateQueries({ queryKey: authKeys.me });
}

/** `POST roles` (no id) or `PUT roles/{id}`. */
export function useSaveRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: RoleBody }) =>
      id === undefined
        ? api.post<RoleResponse>('roles', body, { base })
        : api.put<RoleResponse>(`roles/${id}`, body, { base }),
    onSuccess: () => refreshAfterChange(client),
  });
}

/** `DELETE roles/{id}`, moving its users to `moveTo` when some hold it. */
export function useDeleteRole() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, moveTo }: { id: number; moveTo?: number }) =>
      api.delete<DeletedResponse>(`roles/${id}`, { base, query: { move_to: moveTo } }),
    onSuccess: () => refreshAfterChange(client),
  });
}

/** `PUT roles/{id}/grants`: the role's whole set of module and function grants. */
export function useSaveGrants() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: RoleGrantsBody }) =>
      api.put<RoleGrantsResponse>(`roles/${id}/grants`, body, { base }),
    onSuccess: (answer, { id }) => {
      client.setQueryData(roleKeys.grants(id), answer.data);
      refreshAfterChange(client);
    },
  });
}
