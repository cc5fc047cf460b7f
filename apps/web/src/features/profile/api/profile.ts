import { queryOptions } from '@tanstack/react-query';
import { profileResponseSchema } from '@storelift/shared';
import { api } from '../../../lib/api';

export const profileKeys = { all: ['profile'] as const };

/** `GET users/profile`: the caller's profile with the balances the header shows. */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.all,
    queryFn: ({ signal }) => api.get('users/profile', profileResponseSchema, { signal }).then((r) => r.data),
    staleTime: 15_000,
  });
