import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  PUBLIC_API_BASE,
  type ContactMessageBody,
  type ContactsResponse,
  type MessageResponse,
  type ResellerProgramResponse,
  type ResellerRequestBody,
  type ResellerRequestResponse,
  type StartingResponse,
} from '@storelift/shared';
import { api } from '../../../lib/api';
import '../../../lib/pages-messages';

export const pagesKeys = {
  resellers: ['resellers'] as const,
  contacts: ['contacts'] as const,
  starting: ['starting'] as const,
  openApi: ['openapi'] as const,
};

/** `GET resellers`: the caller's latest reseller request, plan and criteria. */
export const resellersQueryOptions = () =>
  queryOptions({
    queryKey: pagesKeys.resellers,
    queryFn: ({ signal }) => api.get<ResellerProgramResponse>('resellers', { signal }),
  });

/** `POST resellers`; the program reloads after it. */
export function useSendResellerRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ResellerRequestBody) => api.post<ResellerRequestResponse>('resellers', body),
    onSuccess: () => client.invalidateQueries({ queryKey: pagesKeys.resellers }),
  });
}

/** `GET contacts`: support channels and the personal manager. */
export const contactsQueryOptions = () =>
  queryOptions({
    queryKey: pagesKeys.contacts,
    queryFn: ({ signal }) => api.get<ContactsResponse>('contacts', { signal }),
  });

/** `POST contacts`: a message to staff. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (body: ContactMessageBody) => api.post<MessageResponse>('contacts', body),
  });
}

/** `GET starting`: the first steps, read fresh each time the page opens. */
export const startingQueryOptions = () =>
  queryOptions({
    queryKey: pagesKeys.starting,
    queryFn: ({ signal }) => api.get<StartingResponse>('starting', { signal }),
    staleTime: 0,
  });

/** The paths of the public API, paid with credits (docs/contract.md, base paths). */
export const PUBLIC_API_PREFIX = `${PUBLIC_API_BASE}/`;
/** The public API's OpenAPI document and its reference page with examples (docs/public-api.md). */
export const PUBLIC_API_DOCUMENT = `${PUBLIC_API_BASE}/openapi.json`;
export const PUBLIC_API_REFERENCE = `${PUBLIC_API_BASE}/reference`;
const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

export interface ApiOperation {
  method: (typeof HTTP_METHODS)[number];
  path: string;
  summary: string;
  /** Its price in credits (`x-credits`), when the document names one. */
  credits: number | null;
  /** Its anchor on the reference page. */
  operationId: string;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** The public API's operations of an OpenAPI document, grouped by their first tag, in its order. */
export function publicOperations(document: unknown): Map<string, ApiOperation[]> {
  const groups = new Map<string, ApiOperation[]>();
  const paths = (document as { paths?: unknown } | null)?.paths;
  if (!paths || typeof paths !== 'object') return groups;
  for (const [path, item] of Object.entries(paths as Record<string, Record<string, unknown> | null>)) {
    if (!path.startsWith(PUBLIC_API_PREFIX) || !item) continue;
    for (const method of HTTP_METHODS) {
      const operation = item[method] as
        | {
            tags?: unknown[];
            summary?: unknown;
            description?: unknown;
            operationId?: unknown;
            'x-credits'?: unknown;
          }
        | undefined;
      if (!operation) continue;
      const tag = textOf(operation.tags?.[0]);
      const list = groups.get(tag) ?? [];
      const credits = operation['x-credits'];
      list.push({
        method,
        path,
        summary: textOf(operation.summary) || textOf(operation.description),
        credits: typeof credits === 'number' ? credits : null,
        operationId: textOf(operation.operationId),
      });
      groups.set(tag, list);
    }
  }
  return groups;
}

/** The public API's OpenAPI document, its operations grouped by tag. */
export const openApiQueryOptions = () =>
  queryOptions({
    queryKey: pagesKeys.openApi,
    queryFn: async ({ signal }) => {
      const response = await fetch(PUBLIC_API_DOCUMENT, { signal, headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`OpenAPI document: ${response.status}`);
      return publicOperations(await response.json());
    },
    staleTime: Infinity,
  });
