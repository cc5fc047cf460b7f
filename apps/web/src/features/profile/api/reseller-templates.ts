import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import '../../../lib/pages-messages';
import {
  resellerTemplateKindsResponseSchema,
  resellerTemplateResponseSchema,
  resellerTemplatesResponseSchema,
  type ResellerTemplateBody,
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
      (await api.get('users/profile/email-templates/list', resellerTemplateKindsResponseSchema, { signal }))
        .data,
    staleTime: Infinity,
  });

/** `GET users/profile/email-templates`: the caller's templates and whether their plan lets them edit. */
export const myTemplatesQueryOptions = () =>
  queryOptions({
    queryKey: keys.mine,
    queryFn: ({ signal }) =>
      api.get('users/profile/email-templates', resellerTemplatesResponseSchema, { signal }),
  });

/** `PUT users/profile/email-templates`: saves one template, or puts it back to the default with `reset`. */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ResellerTemplateBody) =>
      api.put('users/profile/email-templates', body, resellerTemplateResponseSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: keys.mine }),
  });
}
