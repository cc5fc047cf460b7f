import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/pages-messages';
import type {
  ResellerTemplateBody,
  ResellerTemplateKindsResponse,
  ResellerTemplateResponse,
  ResellerTemplatesResponse,
} from '@storelift/shared';
import { api } from '../../../lib/api';

const keys = {
  kinds: ['profile', 'email-templates', 'list'] as const,
  mine: ['profile', 'email-templates', 'mine'] as const,
};

/** `GET users/profile/email-templates/list`: the kinds, their placeholders with sample values, the defaults. */
export const templateKindsQueryOptions = () =>
  queryOptions({
    queryKey: keys.kinds,
    queryFn: async ({ signal }) =>
      (await api.get<ResellerTemplateKindsResponse>('users/profile/email-templates/list', { signal })).data,
    staleTime: Infinity,
  });

/** `GET users/profile/email-templates`: the caller's templates and whether their plan lets them edit. */
export const myTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: keys.mine,
    queryFn: ({ signal }) => api.get<ResellerTemplatesResponse>('users/profile/email-templates', { signal }),
  });

/** `PUT users/profile/email-templates`: saves one template, or puts it back to the default with `reset`. */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ResellerTemplateBody) =>
      api.put<ResellerTemplateResponse>('users/profile/email-templates', body),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.mine }),
  });
}
