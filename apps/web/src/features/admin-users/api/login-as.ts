import { useMutation } from '@tanstack/react-query';
import '../../../lib/security-messages';
import type { ChangeUserAccountResponse } from '@storelift/shared';
import { api } from '../../../lib/api';

/**
 * "Log in as user" (staff-admin §2): asks the server for a one-time code for the user, then opens the user's
 * account in a new tab, which exchanges the code (routes/login-as-page.tsx). The code travels in the
 * address's fragment, which is never sent to a server, and works once within a minute. On an error nothing
 * opens (the caller shows it in the error modal).
 */
export function useLoginAsUser() {
  return useMutation({
    mutationFn: (email: string) =>
      api.post<ChangeUserAccountResponse>('auth/change-user-account', { email }, { base: 'admin' }),
    onSuccess: ({ code }) => {
      window.open(`/login-as#${encodeURIComponent(code)}`, '_blank', 'noopener');
    },
  });
}
