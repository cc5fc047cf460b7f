import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApiCreditsResponse,
  ApiInfo,
  AvatarResponse,
  ChangeApiTokenResponse,
  ChangePasswordBody,
  MessageResponse,
  ProfileResponse,
  ProfileUpdateBody,
  ProfileUpdateResponse,
  TwoFactorDisableBody,
  TwoFactorEnableBody,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
  TwoFactorStatus,
  User,
} from '@storelift/shared';
import { api } from '../../../lib/api';

export const profileKeys = { all: ['profile'] as const };

/** `GET users/profile`: the caller's profile with the balances the header shows. */
export const profileQueryOptions = () =>
  queryOptions({
    queryKey: profileKeys.all,
    queryFn: ({ signal }) => api.get<ProfileResponse>('users/profile', { signal }).then((r) => r.data),
    staleTime: 15_000,
  });

type Profile = ProfileResponse['data'];

/** Writes a part of the cached profile the server just answered. */
function useSetProfile() {
  const client = useQueryClient();
  return (patch: Partial<Profile>) =>
    client.setQueryData<Profile>(profileKeys.all, (old) => (old ? { ...old, ...patch } : old));
}

/** `POST users/profile`; the changed user goes to `onUser` (the session and the header). */
export function useUpdateProfile(onUser: (user: User) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileUpdateBody) => api.post<ProfileUpdateResponse>('users/profile', body),
    onSuccess: (response) => {
      client.setQueryData(profileKeys.all, response.data);
      onUser(response.user);
    },
  });
}

/**
 * `POST users/profile/password`: the session stays; the user's others end. The password form checks the body
 * with the shared schema and the server checks it again; this module is in the shell (header balances), so it
 * carries no schema.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => api.post<MessageResponse>('users/profile/password', body),
  });
}

/** `POST users/profile/image` (the file as multipart `image`) and `users/profile/image/delete`. */
export function useAvatar(onUser: (user: User) => void) {
  const setProfile = useSetProfile();
  const onSuccess = ({ user }: { user: User }) => {
    setProfile({ avatar: user.avatar });
    onUser(user);
  };
  const upload = useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('image', file);
      return api.post<AvatarResponse>('users/profile/image', form);
    },
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: () => api.post<AvatarResponse>('users/profile/image/delete', undefined),
    onSuccess,
  });
  return { upload, remove };
}

/** The API tokens (live and test) and credits calls; each answers the new API info (and the balances a pack was paid from). */
export function useApiAccess() {
  const setProfile = useSetProfile();
  const changeToken = useMutation({
    mutationFn: () => api.post<ChangeApiTokenResponse>('users/profile/change-api-token', undefined),
    onSuccess: (response) => setProfile({ api: response.data }),
  });
  const changeTestToken = useMutation({
    mutationFn: () => api.post<ChangeApiTokenResponse>('users/profile/change-api-test-token', undefined),
    onSuccess: (response) => setProfile({ api: response.data }),
  });
  const onCredits = (response: { data: ApiInfo; balances: Profile['balances'] }) =>
    setProfile({ api: response.data, balances: response.balances });
  const buyPack = useMutation({
    mutationFn: (credits: number) =>
      api.post<ApiCreditsResponse>('users/api-credits/buy-tokens', { credits }),
    onSuccess: onCredits,
  });
  const autoRefresh = useMutation({
    mutationFn: (value: boolean) =>
      api.post<ApiCreditsResponse>('users/api-credits/change-auto-refresh', { auto_refresh: value }),
    onSuccess: onCredits,
  });
  return { changeToken, changeTestToken, buyPack, autoRefresh };
}

const twoFactorKey = ['profile', 'two-factor'] as const;

/** `GET users/profile/two-factor`. */
export const twoFactorQueryOptions = () =>
  queryOptions({
    queryKey: twoFactorKey,
    queryFn: ({ signal }) => api.get<TwoFactorStatus>('users/profile/two-factor', { signal }),
  });

/** Setting up, turning on and off two-factor sign-in; the status reloads after each change. */
export function useTwoFactor() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: twoFactorKey });
  const setup = useMutation({
    mutationFn: () => api.post<TwoFactorSetupResponse>('users/profile/two-factor/setup', undefined),
  });
  const enable = useMutation({
    mutationFn: (body: TwoFactorEnableBody) =>
      api.post<TwoFactorEnableResponse>('users/profile/two-factor/enable', body),
    onSuccess,
  });
  const disable = useMutation({
    mutationFn: (body: TwoFactorDisableBody) =>
      api.post<MessageResponse>('users/profile/two-factor/disable', body),
    onSuccess,
  });
  return { setup, enable, disable };
}
