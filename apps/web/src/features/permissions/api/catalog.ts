import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/access-messages';
import type {
  DeletedResponse,
  FunctionBody,
  FunctionList,
  FunctionListQuery,
  FunctionResponse,
  ModuleBody,
  ModuleList,
  ModuleListQuery,
  ModuleResponse,
} from '@storelift/shared';
import { api } from '../../../lib/api';
import { roleKeys } from './roles';

/** The list queries as the tables send them (page and limit always set). */
export type ModulesQuery = Omit<ModuleListQuery, 'page' | 'limit'> & { page: number; limit: number };
export type FunctionsQuery = Omit<FunctionListQuery, 'page' | 'limit'> & { page: number; limit: number };

export const catalogKeys = {
  modules: ['admin', 'modules'] as const,
  moduleList: (query: ModulesQuery) => ['admin', 'modules', 'list', query] as const,
  functions: ['admin', 'functions'] as const,
  functionList: (query: FunctionsQuery) => ['admin', 'functions', 'list', query] as const,
};

const base = 'admin' as const;

/** One page of `GET modules`. */
export const modulesQueryOptions = (query: ModulesQuery) =>
  queryOptions({
    queryKey: catalogKeys.moduleList(query),
    queryFn: ({ signal }) => api.get<ModuleList>('modules', { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

/** Every module (at most 100), for the module pickers. */
export const allModulesQueryOptions = () =>
  modulesQueryOptions({ page: 1, limit: 100, orderBy: 'name', sortBy: 'asc' });

/** One page of `GET functions`. */
export const functionsQueryOptions = (query: FunctionsQuery) =>
  queryOptions({
    queryKey: catalogKeys.functionList(query),
    queryFn: ({ signal }) => api.get<FunctionList>('functions', { base, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

type Client = ReturnType<typeof useQueryClient>;

/** A module or function changed: its lists, the other list (counts, module names) and the grants matrices. */
function refreshCatalog(client: Client) {
  for (const queryKey of [catalogKeys.modules, catalogKeys.functions, roleKeys.all])
    void client.invalidateQueries({ queryKey });
}

/** `POST modules` (no id) or `PUT modules/{id}`. */
export function useSaveModule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ModuleBody }) =>
      id === undefined
        ? api.post<ModuleResponse>('modules', body, { base })
        : api.put<ModuleResponse>(`modules/${id}`, body, { base }),
    onSuccess: () => refreshCatalog(client),
  });
}

/** `DELETE modules/{id}`. */
export function useDeleteModule() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<DeletedResponse>(`modules/${id}`, { base }),
    onSuccess: () => refreshCatalog(client),
  });
}

/** `POST functions` (no id) or `PUT functions/{id}`. */
export function useSaveFunction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: FunctionBody }) =>
      id === undefined
        ? api.post<FunctionResponse>('functions', body, { base })
        : api.put<FunctionResponse>(`functions/${id}`, body, { base }),
    onSuccess: () => refreshCatalog(client),
  });
}

/** `DELETE functions/{id}`. */
export function useDeleteFunction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete<DeletedResponse>(`functions/${id}`, { base }),
    onSuccess: () => refreshCatalog(client),
  });
}
