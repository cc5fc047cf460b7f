import { queryOptions } from '@tanstack/react-query';
import type { Locale, MeResponse, User } from '@storelift/shared';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { authKeys, session } from '../../../lib/session';
import { changeLocale } from './auth';

/** `POST me` is re-checked on navigation, but not more than once per few seconds. */
export const ME_STALE_MS = 5_000;

/** The current user as the server sees it; a `new_token` replaces the stored one. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: authKeys.me,
    queryFn: async ({ signal }) => {
      const me = await api.post<MeResponse>('me', undefined, { signal, handleAuthFailure: false });
      if (me.new_token) session.setToken(me.new_token);
      return me;
    },
    staleTime: ME_STALE_MS,
    retry: false,
  });

/** Forgets the cached `me` (a new token was stored). */
export function forgetCurrentUser(): void {
  queryClient.removeQueries({ queryKey: authKeys.me });
}

/** Saves a newly chosen interface language on the account. */
export function saveAccountLocale(locale: Locale): Promise<unknown> {
  // The cached `me` must agree at once, or the next navigation would switch back to the saved language.
  queryClient.setQueryData(meQueryOptions().queryKey, (old) =>
    old ? { ...old, user: { ...old.user, locale } } : old,
  );
  return changeLocale({ locale });
}

/**
 * Shows a changed user at once (My profile: nickname, avatar), in the session and in the cached `me`, which
 * the next navigation compares with the session.
 */
export function updateCurrentUser(user: User): void {
  queryClient.setQueryData(meQueryOptions().queryKey, (old) => (old ? { ...old, user } : old));
  const { roles, permissions } = session.getState();
  session.setUser(user, roles, permissions);
}
